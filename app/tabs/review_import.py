"""Importing a review (app/protocol/review_json.py) into a tab: its annotations become pins of the tab's
session, re-anchored in the live page by their locators with the usual statuses.

Each imported annotation gets a new pin id the page does not know, so when the markers are sent the page looks
for it the way it looks for a pin after a reload (app/picker_js/anchors.js ``findAgain``: the recorded locators
and the role, accessible name and text): exact when exactly one element is it and every recorded locator names
it, ``rematched`` with the element's fresh record when it is found elsewhere, ``stale`` with the reason
otherwise; one on another page than the tab's is stale ``not checked yet`` (:data:`NOT_CHECKED`) until
that page is open in the tab. The URLs move to the tab's origin first (``onto_origin``), so a
review made on ``http://localhost:5173`` anchors on ``http://127.0.0.1:8080`` with the same paths. Annotations
inside iframes are looked for in the top document only (they come out stale).

A review file is someone else's text, so its paths are not trusted: the page screenshots and element crops
are dropped (``onto_origin``), and a reference image is kept only when it is one pagenote wrote — it resolves
(symlinks followed) to a ``*-ref-*.png`` file directly in a ``shots`` folder and reads as an image — and is
copied into this project's ``shots/`` unless it is already there (:func:`imported_reference`). Any other path
(``/etc/passwd``, ``../`` out of the project, the user's own pictures) is dropped, so no export, panel or agent
is shown a file the review merely named. A follow-up's after crop is kept only when it is in this project's folder
of the batch it names (:func:`app.model.batch_folder.kept_picture`: links resolved): a review cannot hand the HTML
export or an agent's ``After:`` line a look-alike elsewhere, or a link to a private picture.
"""

from __future__ import annotations

import logging
import re
import secrets
from pathlib import Path
from urllib.parse import urldefrag

from app.core.errors import PagenoteError
from app.core.policy import STATUS_STALE
from app.model.annotation import AnnotationBatch
from app.model.batch_folder import SENT_DIR, kept_picture
from app.protocol.review_json import ReviewFileError, load_review, onto_origin, origin_of

log = logging.getLogger("pagenote.review_import")

#: The stale reason of an imported annotation whose page the importing tab is not showing: nothing was looked
#: for yet. Its page opened in that tab re-anchors it (anchors.js reports exact, rematched or stale as usual).
#: A region keeps its status: its rectangle is all it has, nothing is looked for.
NOT_CHECKED = "not checked yet: its page has not been open since the import"

#: File names :func:`app.capture.reference.store_reference` writes: ``<stamp>-ref-<slug>[-N].png``.
_REFERENCE_NAME = re.compile(r"\d{8}-\d{6}-ref-[a-z0-9-]+\.png\Z")


def imported_reference(path: str, project_dir: Path) -> str:
    """The reference image an imported annotation may keep for the review's ``path``: ``path`` resolved when
    it is a reference image in ``project_dir/shots/``, a copy there (``store_reference``: PNG, at most its
    pixel cap) when it is another project's, ``""`` for any other path or an unreadable image (module
    docstring)."""
    if not path:
        return ""
    try:
        real = Path(path).resolve(strict=True)
        ok = real.is_file() and real.parent.name == "shots" and bool(_REFERENCE_NAME.match(real.name))
    except (OSError, RuntimeError, ValueError):
        ok = False
    if not ok:
        log.warning("imported review: reference %r dropped (not a pagenote reference image)", path[:200])
        return ""
    if real.parent == (project_dir / "shots").resolve():
        return str(real)
    from app.capture.reference import store_reference

    try:
        return store_reference(real, project_dir, real.stem.split("-ref-", 1)[1])
    except PagenoteError as exc:
        log.warning("imported review: reference %r dropped: %s", path[:200], exc.message)
        return ""


def _checked(annotation, project_dir: Path, page: str):
    """An imported annotation as the tab takes it: its reference image checked (:func:`imported_reference`), its
    follow-up's after crop too (:func:`~app.model.batch_folder.kept_picture` in ``project_dir``), and on the tab's
    ``page`` when ``onto_origin`` emptied its URL (a scheme that is not a web page's)."""
    update: dict = {}
    if annotation.reference:
        update["reference"] = imported_reference(annotation.reference, project_dir)
    follow = annotation.follow_up
    if follow is not None and follow.after:
        after = kept_picture(follow.after, project_dir / SENT_DIR, follow.batch)
        if not after:
            log.warning("imported review: after crop %r dropped (not in this project's folder of batch %s)",
                        follow.after[:200], follow.batch)
        update["follow_up"] = follow.model_copy(update={"after": after})
    if not annotation.element.url:
        update["element"] = annotation.element.model_copy(update={"url": page})
    return annotation.model_copy(update=update) if update else annotation


async def import_review(tab, batch: AnnotationBatch, origin: str | None = None) -> list[str]:
    """Add ``batch``'s annotations to ``tab`` (a :class:`~app.tabs.tab.Tab`: ``annotator``, ``session``) after
    those it has, moved onto ``origin`` (default: the origin of the tab's page; ``""``: left where they were),
    their reference images checked (:func:`imported_reference`), then re-anchor the ones on the current page
    now. Returns the new pin ids, in order. The batch's summary is taken when the session has none."""
    annotator, session = tab.annotator, tab.session
    page = annotator.page_key()
    moved = onto_origin(batch, origin_of(page) if origin is None else origin)
    project_dir = tab.capture.project_dir
    moved = moved.model_copy(update={"annotations": tuple(_checked(a, project_dir, page) for a in moved.annotations)})
    token = secrets.token_hex(3)
    ids = []
    for n, annotation in enumerate(moved.annotations, 1):
        pin_id = f"import-{token}-{n}"
        session.add(pin_id, annotation.element, annotation.note, page=urldefrag(annotation.element.url)[0] or page)
        session.get(pin_id).annotation = annotation
        session.set_note(pin_id, annotation.note)  # tells the observers (panel, drafts) once more, whole
        ids.append(pin_id)
    if moved.summary and not session.summary:
        session.set_summary(moved.summary)
    for pin_id in ids:   # not looked for yet: not exact until their page is open in this tab (anchors.js)
        if session.get(pin_id).page not in (page, ""):
            session.set_anchor(pin_id, STATUS_STALE, None, NOT_CHECKED)
    annotator.sync_markers()
    await annotator.refresh(ids)
    return ids


def attach_reference(session, pin_id: str, path: str) -> None:
    """Set pin ``pin_id``'s reference image (an absolute path in shots/, ``""`` to remove it). ``KeyError``
    for an unknown pin."""
    pin = session.get(pin_id)
    pin.annotation = pin.annotation.model_copy(update={"reference": path})
    session.set_note(pin_id, pin.annotation.note)  # notifies the observers


def read_review(path: Path) -> AnnotationBatch:
    """The batch of the review file at ``path``. Raises :class:`PagenoteError` ``BAD_REVIEW_FILE`` naming the
    file and the problem (not JSON, not a review, a field the model refuses, unreadable)."""
    try:
        return load_review(path.read_bytes())
    except OSError as exc:
        raise PagenoteError("BAD_REVIEW_FILE", f"cannot read {path}: {exc.strerror or exc}") from None
    except ReviewFileError as exc:
        raise PagenoteError("BAD_REVIEW_FILE", f"{path}: {exc}") from None


async def capture_extras(tab, references: dict[int, Path], import_file: Path | None, project_dir: Path) -> None:
    """``pagenote capture``'s ``--reference`` (target index → image file: stored in shots/ and attached to
    that target's pin) and ``--import FILE`` (:func:`import_review` onto the page's origin). Raises
    :class:`PagenoteError` ``BAD_IMAGE`` / ``BAD_REVIEW_FILE``."""
    from app.capture.reference import store_reference

    pins = list(tab.session.pins)
    for index, source in sorted(references.items()):
        attach_reference(tab.session, pins[index].id, store_reference(source, project_dir))
    if import_file is not None:
        await import_review(tab, read_review(import_file))
