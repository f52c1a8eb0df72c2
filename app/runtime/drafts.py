"""Nothing lost: the unsent annotations of every tab are journaled to ``<project>/.pagenote/draft.json``
within a second of every change, atomically (a new file renamed over the old one: a crash, ``SIGKILL`` or power
loss leaves the old draft or the new one, never half of one), and offered back on the next start.

The draft is the window's one batch as the user left it: its summary, and per tab (open, or closed with its
notes kept) the URL it showed, its lease (a persistent one by name, or a private one) and its annotations
(notes, element records, screenshot paths, page, batch-wide number). Restoring re-opens those pages as tabs in
the same persistent lease — the same profile on disk, so cookies and storage are as the user left them (issue
30, requirement 2) — or, for a private tab, in a fresh private lease (tabs that shared one share a new one
again; nothing of a private lease was kept, so the page comes back signed out and empty). A tab already open on
the same page in that lease is reused instead of opening a second one. Every annotation goes back in its tab,
in the batch's order; the annotator re-anchors each marker when its page has loaded (statuses as after a
reload). A
draft that does not parse is never fatal: it is kept aside as ``draft.json.bad-<UTC time>`` and the caller
tells the user. Version 1 drafts (a summary per tab, no numbers) are still read.
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
from app.runtime.single import same_page
from app.sinks import write_atomic
from app.webview.urls import DEMO_PAGE

log = logging.getLogger("pagenote.drafts")

#: Where the draft lives, under the project directory.
DRAFT_PATH = Path(".pagenote") / "draft.json"
#: How long after a change the draft is written (ms): changes within it are written once; well under 1 s.
WRITE_DELAY_MS = 250


#: Lease names of isolated tabs start with this (:meth:`app.runtime.app.PagenoteApp.new_isolated_tab`).
ISOLATED = "isolated-"


class DraftPin(BaseModel):
    """One annotation of a tab: the page-side element id it had, its page URL, the annotation itself and its
    number in the batch (``n``, 1-based; 0 in a version 1 draft: the file's order)."""

    model_config = ConfigDict(extra="ignore")

    id: str
    page: str = ""
    note_cut: int = 0
    n: int = 0
    annotation: Annotation


class DraftTab(BaseModel):
    """A tab's part of the batch: the URL it showed, its lease, its annotations in number order, and (version 1
    only) a summary of its own. ``lease``: a persistent lease's name (``"default"``, a ``--profile`` name), the
    name of a private lease (``private`` true; tabs with the same name shared one), or ``""``: the app's
    session lease (an off-the-record one: ``pagenote serve``, tests, drafts written before leases persisted).
    A draft without ``private`` marks private leases by their ``isolated-`` name."""

    model_config = ConfigDict(extra="ignore")

    url: str = ""
    lease: str = ""
    private: bool = False
    summary: str = ""
    pins: list[DraftPin] = []


class Draft(BaseModel):
    """``draft.json``: ``version`` 2, ``saved_at`` (ISO 8601 UTC), the batch's ``summary`` and the tabs with
    unsent annotations."""

    model_config = ConfigDict(extra="ignore")

    version: Literal[1, 2] = 2
    saved_at: str = ""
    summary: str = ""
    tabs: list[DraftTab] = []

    @property
    def count(self) -> int:
        """How many annotations the draft holds."""
        return sum(len(t.pins) for t in self.tabs)

    @property
    def private_tabs(self) -> int:
        """How many of its tabs were private (they come back empty: a private lease keeps nothing)."""
        return sum(1 for t in self.tabs if _private(t))

    @property
    def whole_summary(self) -> str:
        """The batch's summary (a version 1 draft's per-tab summaries, joined by blank lines)."""
        return self.summary or "\n\n".join(t.summary for t in self.tabs if t.summary)


def draft_of(batch, tabs) -> Draft:
    """The :class:`Draft` of ``batch`` (the window's :class:`~app.model.session.Session`) over ``tabs`` (the
    open tabs, objects with ``id``, ``page`` and ``lease``, in strip order): each open tab holding annotations
    with its URL, then each closed tab whose annotations were kept (its URL: its first annotation's page)."""
    rows: dict[str, DraftTab] = {}
    persistent = {}
    for tab in tabs:
        url = tab.page.url().toString() if not tab.page.url().isEmpty() else ""
        persistent[tab.lease.name] = tab.lease.persistent
        rows[tab.id] = _row(url, tab.lease.name, tab.lease.persistent)
    for n, pin in enumerate(batch.pins, start=1):
        row = rows.get(pin.tab)
        if row is None:  # a closed tab's kept annotations
            view = batch.views.get(pin.tab)
            name = view.lease if view is not None else ""
            row = rows[pin.tab] = _row(pin.page, name, persistent.get(name, not _isolated(name) and
                                                                     name not in ("", "session")))
        row.pins.append(DraftPin(id=pin.id, page=pin.page, note_cut=pin.note_cut, n=n, annotation=pin.annotation))
    return Draft(saved_at=datetime.now(UTC).isoformat(timespec="seconds"), summary=batch.summary,
                 tabs=[row for row in rows.values() if row.pins])


def _isolated(name: str) -> bool:
    return name.startswith(ISOLATED)


def _row(url: str, lease: str, persistent: bool) -> DraftTab:
    """A draft row for a tab of lease ``lease`` (its name): persistent by name, private, or the session's."""
    if persistent:
        return DraftTab(url=url, lease=lease)
    if _isolated(lease):
        return DraftTab(url=url, lease=lease, private=True)
    return DraftTab(url=url)


def _private(row: DraftTab) -> bool:
    return row.private or _isolated(row.lease)


def save_draft(project_dir: Path, draft: Draft) -> None:
    """Write ``draft`` to ``<project_dir>/.pagenote/draft.json`` atomically (:func:`app.sinks.write_atomic`);
    an empty draft (no annotation, no summary) removes the file. Raises ``OSError``."""
    path = project_dir / DRAFT_PATH
    if not draft.tabs and not draft.summary:
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
    return (draft if draft.count or draft.whole_summary else None), ""


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
    """Put ``draft`` back into ``app``'s batch (:attr:`~app.runtime.app.PagenoteApp.batch_session`): per draft
    tab a tab of ``app`` in the draft tab's lease (:func:`_lease_of`: the same persistent lease, or a fresh
    private one per private lease of the draft) — an open tab of that lease already on the same page
    (:func:`same_page`; never one already taken by this restore), else the active tab for the first draft tab
    when the batch is empty and the tab shows nothing the user asked for (:func:`_spare`), else a new tab —
    loading its URL unless it shows it already (markers re-anchor when the page has loaded); the annotations
    join the batch after any it holds, in the draft's numbered order; the draft's summary is added to the
    batch's. The active tab stays shown when it is one of the restored tabs (``pagenote URL`` with a draft for
    that URL: one tab, still current), else the first restored tab is shown.
    A draft tab on the bundled demo page opens it as an open tab shows it now (:func:`_demo_shown`: the
    window's ``?lang=``), its annotations' pages with it.
    Returns the tabs."""
    batch = app.batch_session
    tabs, pins, private = [], [], {}
    demo = _demo_shown(app)
    shown_first = app.active_tab
    for i, row in enumerate(draft.tabs):
        active = app.active_tab
        url = row.url or (row.pins[0].page if row.pins else "")
        if demo and _is_demo(url):  # the demo page in the window's language, its markers re-anchored there
            url = demo
        pages = {p.id: (demo if demo and _is_demo(p.page) else p.page) for p in row.pins}
        lease = _lease_of(app, row, private)
        same = next((t for t in app.tabs if t.lease is lease and t not in tabs and _shows(t, url)), None)
        if same is not None:
            tab = same
        elif (i == 0 and lease is app.lease and active is not None and active.lease is lease and not batch.pins
              and not batch.summary and active not in tabs and _spare(active, url)):
            tab = active
        elif lease is None:  # a private lease of the draft: a fresh one (nothing of the old one was kept)
            tab = app.new_isolated_tab()
            private[row.lease] = tab.lease
        else:
            tab = app.new_tab(lease=lease)
        pins += [(p.n or len(pins) + k, Pin(p.id, p.annotation, pages[p.id], p.note_cut, tab.id))
                 for k, p in enumerate(row.pins)]
        if url and not _shows(tab, url, fragment=True):
            tab.open(QUrl(url))
        tabs.append(tab)
    batch.pins = batch.pins + [pin for _n, pin in sorted(pins, key=lambda item: item[0])]
    summary = draft.whole_summary
    batch.set_summary("\n\n".join(x for x in (batch.summary, summary) if x))  # notifies the panel and journal
    if tabs:
        app.select_tab(shown_first.id if shown_first in tabs else tabs[0].id)
    return tabs


def _lease_of(app, row: DraftTab, private: dict):
    """The lease a restored ``row`` goes in: ``app``'s session lease for ``""`` or its name, the persistent
    lease of that name (:meth:`~app.runtime.app.PagenoteApp.persistent_lease`; the session lease when the name
    is not a profile name), the private lease made for an earlier row of the same private lease (``private``:
    by draft name), or ``None``: make a fresh private one."""
    if _private(row):
        return private.get(row.lease)
    if not row.lease or row.lease == app.lease.name:
        return app.lease
    from app.core.errors import PagenoteError

    try:
        return app.persistent_lease(row.lease)
    except PagenoteError as exc:
        log.warning("draft tab's lease %r not reopened (%s): restored in the session's", row.lease, exc)
        return app.lease


def _shows(tab, url: str, fragment: bool = False) -> bool:
    """Whether ``tab`` shows ``url``'s page (:func:`same_page`) or is loading it (its requested URL while a load
    has not committed; its URL after a script changed it)."""
    return any(same_page(u.toString(), url, fragment) for u in (tab.page.url(), tab.page.requestedUrl()))


def _is_demo(url: str) -> bool:
    """Whether ``url`` is the bundled demo page, with any query (``?lang=``) or fragment."""
    parsed = QUrl(url)
    return parsed.isLocalFile() and Path(parsed.toLocalFile()) == DEMO_PAGE


def _demo_shown(app) -> str:
    """The demo page's URL as the active tab (else another open tab) of ``app`` shows it
    (``demo.html?lang=zh_CN`` in a Chinese window: :func:`app.webview.urls.demo_url`), ``""`` when none does.
    A draft made on the demo page in another language (or by a version that opened it without ``?lang=``)
    is restored to this one, so the page speaks the window's language and its markers find their page."""
    for tab in [app.active_tab, *app.tabs]:
        if tab is None:
            continue
        shown = tab.page.requestedUrl() if not tab.page.requestedUrl().isEmpty() else tab.page.url()
        if _is_demo(shown.toString()):
            shown = QUrl(shown)
            shown.setFragment(None)
            return shown.toString()
    return ""


def _spare(tab, url: str) -> bool:
    """Whether restoring may load ``url`` in ``tab`` (the window's first tab): it shows nothing yet, the
    bundled demo page, or ``url`` itself — never a page the user asked for on the command line."""
    shown = tab.page.requestedUrl() if not tab.page.requestedUrl().isEmpty() else tab.page.url()
    if shown.isEmpty() or shown.toString() == "about:blank" or _shows(tab, url, fragment=True):
        return True
    return _is_demo(shown.toString())


class DraftJournal(QObject):
    """Keeps ``<project_dir>/.pagenote/draft.json`` in step with ``app``'s batch and tabs (a
    :class:`~app.runtime.app.PagenoteApp`): every change of the batch schedules a write :data:`WRITE_DELAY_MS`
    later; :meth:`write_now` writes at once (SIGTERM, closing). A write that fails is logged and retried at the
    next change. ``enabled`` false (until the user has answered the restore offer) writes nothing."""

    def __init__(self, app, project_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent or app)
        self.app = app
        self.project_dir = project_dir
        self.enabled = True
        self.last_error = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(WRITE_DELAY_MS)
        self._timer.timeout.connect(self.write_now)
        app.batch_session.subscribe(self.changed)
        for tab in app.tabs:
            self._watch(tab)
        app.tab_added.connect(self._watch)
        app.tab_closed.connect(lambda _tab: self.changed())

    def _watch(self, tab) -> None:
        tab.page.urlChanged.connect(lambda _url: self.changed() if tab.session.pins else None)

    def changed(self) -> None:
        """Schedule a write (coalescing changes within :data:`WRITE_DELAY_MS`)."""
        if self.enabled and not self._timer.isActive():
            self._timer.start()

    def write_now(self) -> bool:
        """Write the draft of the batch now. Returns whether it was written."""
        self._timer.stop()
        if not self.enabled:
            return False
        try:
            save_draft(self.project_dir, draft_of(self.app.batch_session, self.app.tabs))
        except OSError as exc:
            self.last_error = str(exc)
            log.warning("draft not saved: %s", exc)
            return False
        self.last_error = ""
        return True

    def keep(self, tab) -> None:
        """Keep ``tab``'s annotations after the tab closes (the user chose Save): they stay in the batch (and
        so in the draft), listed under the closed tab."""
        self.changed()

    def unsent(self) -> int:
        """How many annotations no Send has handed over yet (the whole batch, closed tabs' kept ones too)."""
        return len(self.app.batch_session.pins)
