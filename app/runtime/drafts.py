"""Nothing lost: the unsent annotations of every tab are journaled to ``<project>/.pagenote/draft.json``
within a second of every change, atomically (a new file renamed over the old one: a crash, ``SIGKILL`` or power
loss leaves the old draft or the new one, never half of one), and offered back on the next start.

The draft is the batch as the user left it: per tab its URL, summary and annotations (notes, element records,
screenshot paths, page). Restoring puts them back in tabs on those URLs; the annotator re-anchors each marker
when its page has loaded (statuses as after a reload). A draft that does not parse is never fatal: it is kept
aside as ``draft.json.bad-<UTC time>`` and the caller tells the user.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError
from PySide6.QtCore import QObject, QTimer, QUrl

from app.model.annotation import Annotation
from app.model.session import Pin
from app.sinks import write_atomic

log = logging.getLogger("pagenote.drafts")

#: Where the draft lives, under the project directory.
DRAFT_PATH = Path(".pagenote") / "draft.json"
#: How long after a change the draft is written (ms): changes within it are written once; well under 1 s.
WRITE_DELAY_MS = 250


class DraftPin(BaseModel):
    """One annotation of a tab: the page-side element id it had, its page URL, the annotation itself."""

    model_config = ConfigDict(extra="ignore")

    id: str
    page: str = ""
    note_cut: int = 0
    annotation: Annotation


class DraftTab(BaseModel):
    """A tab's unsent batch: the URL it showed, its summary and its annotations in their numbered order."""

    model_config = ConfigDict(extra="ignore")

    url: str = ""
    summary: str = ""
    pins: list[DraftPin] = []


class Draft(BaseModel):
    """``draft.json``: ``version`` 1, ``saved_at`` (ISO 8601 UTC) and the tabs with unsent annotations."""

    model_config = ConfigDict(extra="ignore")

    version: Literal[1] = 1
    saved_at: str = ""
    tabs: list[DraftTab] = []

    @property
    def count(self) -> int:
        """How many annotations the draft holds."""
        return sum(len(t.pins) for t in self.tabs)


def draft_tab(tab) -> DraftTab:
    """The :class:`DraftTab` of ``tab`` (an object with ``session`` and ``page``)."""
    session = tab.session
    url = tab.page.url().toString() if not tab.page.url().isEmpty() else ""
    return DraftTab(url=url, summary=session.summary, pins=[
        DraftPin(id=p.id, page=p.page, note_cut=p.note_cut, annotation=p.annotation) for p in session.pins])


def draft_of(tabs, kept: list[DraftTab] | tuple = ()) -> Draft:
    """The :class:`Draft` of ``tabs`` (objects with ``session`` and ``page``) after ``kept`` (tabs closed with
    Save): tabs with neither annotations nor a summary are left out."""
    rows = list(kept)
    for tab in tabs:
        session = tab.session
        if not session.pins and not session.summary:
            continue
        rows.append(draft_tab(tab))
    return Draft(saved_at=datetime.now(UTC).isoformat(timespec="seconds"), tabs=rows)


def save_draft(project_dir: Path, draft: Draft) -> None:
    """Write ``draft`` to ``<project_dir>/.pagenote/draft.json`` atomically (:func:`app.sinks.write_atomic`);
    an empty draft removes the file. Raises ``OSError``."""
    path = project_dir / DRAFT_PATH
    if not draft.tabs:
        path.unlink(missing_ok=True)
        return
    write_atomic(path, draft.model_dump_json(indent=1).encode())


def load_draft(project_dir: Path) -> tuple[Draft | None, str]:
    """``(draft, problem)``: the saved draft (``None`` when there is none or it is empty) and ``""``; or, for a
    file that does not parse or validate, ``(None, message)`` after moving it to ``draft.json.bad-<UTC time>``
    (the message names both files). Never raises for the file's content."""
    path = project_dir / DRAFT_PATH
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, ""
    except (OSError, UnicodeDecodeError) as exc:
        return _set_aside(path, f"unreadable ({exc})")
    try:
        draft = Draft.model_validate(json.loads(text))
    except (ValueError, ValidationError) as exc:
        reason = str(exc).splitlines()[0]
        return _set_aside(path, reason)
    return (draft if draft.count or any(t.summary for t in draft.tabs) else None), ""


def _set_aside(path: Path, reason: str) -> tuple[None, str]:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    bad = path.with_name(f"{path.name}.bad-{stamp}")
    try:
        path.replace(bad)
    except OSError as exc:
        return None, f"the saved draft {path} is damaged ({reason}) and could not be moved aside: {exc}"
    log.warning("draft %s set aside as %s: %s", path, bad, reason)
    return None, f"the saved draft was damaged ({reason}); it was kept as {bad}"


def restore_draft(app, draft: Draft) -> list:
    """Put ``draft`` back: per draft tab a tab of ``app`` (the active tab first, when it has no annotations)
    with its annotations and summary, loading its URL (markers re-anchor when the page has loaded). Returns
    the tabs."""
    tabs = []
    for i, row in enumerate(draft.tabs):
        active = app.active_tab
        reuse = i == 0 and active is not None and not active.session.pins
        tab = active if reuse else app.new_tab()
        session = tab.session
        session.pins = [Pin(p.id, p.annotation, p.page, p.note_cut) for p in row.pins]
        session.set_summary(row.summary)  # notifies observers (panel, journal)
        if row.url:
            tab.open(QUrl(row.url))
        tabs.append(tab)
    return tabs


class DraftJournal(QObject):
    """Keeps ``<project_dir>/.pagenote/draft.json`` in step with ``app``'s tabs (a
    :class:`~app.runtime.app.PagenoteApp`): every session change schedules a write :data:`WRITE_DELAY_MS`
    later; :meth:`write_now` writes at once (SIGTERM, closing). A write that fails is logged and retried at the
    next change. ``enabled`` false (until the user has answered the restore offer) writes nothing."""

    def __init__(self, app, project_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent or app)
        self.app = app
        self.project_dir = project_dir
        self.enabled = True
        self.last_error = ""
        #: Tabs closed with "Save": their annotations stay in the draft until the next start restores them.
        self.kept: list[DraftTab] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(WRITE_DELAY_MS)
        self._timer.timeout.connect(self.write_now)
        for tab in app.tabs:
            self._watch(tab)
        app.tab_added.connect(self._watch)
        app.tab_closed.connect(lambda _tab: self.changed())

    def _watch(self, tab) -> None:
        tab.session.subscribe(self.changed)
        tab.page.urlChanged.connect(lambda _url: self.changed() if tab.session.pins else None)

    def changed(self) -> None:
        """Schedule a write (coalescing changes within :data:`WRITE_DELAY_MS`)."""
        if self.enabled and not self._timer.isActive():
            self._timer.start()

    def write_now(self) -> bool:
        """Write the draft of every tab now. Returns whether it was written."""
        self._timer.stop()
        if not self.enabled:
            return False
        try:
            save_draft(self.project_dir, draft_of(self.app.tabs, self.kept))
        except OSError as exc:
            self.last_error = str(exc)
            log.warning("draft not saved: %s", exc)
            return False
        self.last_error = ""
        return True

    def keep(self, tab) -> None:
        """Keep ``tab``'s annotations in the draft after the tab closes (the user chose Save)."""
        self.kept.append(draft_tab(tab))
        self.changed()

    def unsent(self) -> int:
        """How many annotations no Send has handed over yet, over every tab (and tabs closed with Save)."""
        return sum(len(tab.session.pins) for tab in self.app.tabs) + sum(len(t.pins) for t in self.kept)
