"""Importing a review (app/protocol/review_json.py) into a tab: its annotations become pins of the tab's
session, re-anchored in the live page by their locators with the usual statuses.

Each imported annotation gets a new pin id the page does not know, so when the markers are sent the page looks
for it the way it looks for a pin after a reload (app/picker_js/anchors.js ``findAgain``: the recorded locators
and the role, accessible name and text): exact when exactly one element is it and every recorded locator names
it, ``rematched`` with the element's fresh record when it is found elsewhere, ``stale`` with the reason
otherwise. The URLs move to the tab's origin first (``onto_origin``), so a
review made on ``http://localhost:5173`` anchors on ``http://127.0.0.1:8080`` with the same paths. Annotations
inside iframes are looked for in the top document only (they come out stale).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from urllib.parse import urldefrag

from app.core.errors import PagenoteError
from app.model.annotation import AnnotationBatch
from app.protocol.review_json import ReviewFileError, load_review, onto_origin, origin_of


async def import_review(tab, batch: AnnotationBatch, origin: str | None = None) -> list[str]:
    """Add ``batch``'s annotations to ``tab`` (a :class:`~app.tabs.tab.Tab`: ``annotator``, ``session``) after
    those it has, moved onto ``origin`` (default: the origin of the tab's page; ``""``: left where they were),
    then re-anchor the ones on the current page now. Returns the new pin ids, in order. The batch's summary is
    taken when the session has none."""
    annotator, session = tab.annotator, tab.session
    page = annotator.page_key()
    moved = onto_origin(batch, origin_of(page) if origin is None else origin)
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
