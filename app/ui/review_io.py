"""The window's review files and detail level: File → Export review… (HTML / JSON / Markdown; the HTML shows
follow-ups' earlier rounds; refused, and said, when nothing is unsent), File → Import review… (an exported JSON review, re-anchored on the shown tab's page),
File → Detail level (compact / standard / detailed / forensic: what Copy, Save and Export write; kept in
settings.toml ``[export] detail``), a sent batch's Export Review as HTML… (app/ui/sent_export.py) and the panel's
Source links (Open in editor). Added from outside the window's constructor by :func:`install_review_ui`.

The file dialogs open with ``open()`` and act on ``fileSelected``, never through the static
``QFileDialog.get…`` functions: those run a nested event loop, and Export's Ctrl+Shift+E can be pressed by an
agent, inside an asyncio task (:mod:`app.runtime.loop`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.protocol.detail import LEVELS
from app.protocol.review_files import save_review
from app.model.tab_session import page_shots_of
from app.tabs.review_import import import_review, read_review


class ReviewIo(QObject):
    """What :func:`install_review_ui` adds: ``act_export``, ``act_import``, ``detail_actions`` (by level) and
    ``detail`` (the chosen level, mirrored on ``window.detail_level``)."""

    def __init__(self, window, store=None) -> None:
        super().__init__(window)
        self.window = window
        self.store = store
        self.act_export = QAction(self.tr("Export Review…"), window)
        self.act_export.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.act_export.setStatusTip(self.tr("Share the annotations as one HTML file (images inside), as JSON "
                                             "to import again, or as Markdown"))
        self.act_export.triggered.connect(self.ask_export)
        self.act_import = QAction(self.tr("Import Review…"), window)
        self.act_import.setStatusTip(self.tr("Add the annotations of an exported JSON review to the shown page, "
                                             "found again by their locators"))
        self.act_import.triggered.connect(self.ask_import)
        window.addAction(self.act_export)
        self.detail_menu = QMenu(self.tr("Detail Level"), window)
        group = QActionGroup(self.detail_menu)
        self.detail_actions: dict[str, QAction] = {}
        for level, text in self.level_names().items():
            action = QAction(text, self.detail_menu, checkable=True)
            action.triggered.connect(lambda _on=False, lv=level: self.set_detail(lv))
            group.addAction(action)
            self.detail_menu.addAction(action)
            self.detail_actions[level] = action
        saved = getattr(getattr(getattr(store, "settings", None), "export", None), "detail", "standard")
        self.set_detail(saved if saved in LEVELS else "standard", save=False)
        file_menu = window.findChild(QMenu, "fileMenu")
        if file_menu is not None:
            quit_action = getattr(getattr(window, "keys", None), "quit", None)
            before = quit_action if quit_action in file_menu.actions() else None
            file_menu.insertActions(before, [self.act_export, self.act_import])
            file_menu.insertMenu(before, self.detail_menu)
            file_menu.insertSeparator(before)

    def _filters(self) -> list[tuple[str, str]]:
        """Export formats by the file dialog's filter: (filter text, format)."""
        return [(self.tr("One HTML file, images inside (*.html)"), "html"),
                (self.tr("JSON review, to import again (*.json)"), "json"), (self.tr("Markdown (*.md)"), "md")]

    def level_names(self) -> dict[str, str]:
        """What the Detail Level menu says for each level."""
        return {"compact": self.tr("Compact: note, selector, text, position"),
                "standard": self.tr("Standard: the element record"),
                "detailed": self.tr("Detailed: + box model and computed styles"),
                "forensic": self.tr("Forensic: + ancestry with selectors")}

    @property
    def detail(self) -> str:
        return self.window.detail_level

    def set_detail(self, level: str, save: bool = True) -> None:
        """Choose the detail level Copy, Save and Export write; saved in settings.toml when ``save``."""
        self.window.detail_level = level
        self.detail_actions[level].setChecked(True)
        if save and self.store is not None:
            from app.runtime.settings import save_settings

            settings = self.store.settings.model_copy(deep=True)
            settings.export.detail = level
            try:
                save_settings(settings, self.store.path)
                self.store.settings = settings
            except OSError as exc:
                self.window.say(self.tr("Detail level not saved: {0}").format(exc))
        if save:
            self.window.say(self.tr("Detail level: {0}").format(self.level_names()[level]))

    # -- export ---------------------------------------------------------------------------------------------

    def file_dialog(self, title: str, start: str, filters: str, save: bool, chosen) -> QFileDialog:
        """Open a window-modal file dialog (``open()``, deleted when closed) that calls ``chosen(path,
        name_filter)`` once a file is chosen; returned."""
        dialog = QFileDialog(self.window, title, start, filters)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if save:
            dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        else:
            dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.fileSelected.connect(lambda path: chosen(path, dialog.selectedNameFilter()))
        dialog.open()
        return dialog

    def nothing_unsent(self, batch=None) -> bool:
        """Whether ``batch`` (the window's unsent batch when ``None``) has no annotation and no overall note; if
        so the status bar says there is nothing unsent to export and where a sent batch is exported (its row's
        right-click menu under "Sent to agents", :mod:`app.ui.sent_export`): an empty review file helps nobody."""
        batch = batch if batch is not None else self.window.batch()
        if batch.annotations or batch.summary:
            return False
        self.window.say(self.tr("Nothing unsent to export: pin an annotation first. A sent batch is exported from "
                                "its row's right-click menu under Sent to agents (Export Review as HTML…)"))
        return True

    def ask_export(self) -> QFileDialog | None:
        """Ask where to export (``annotations/review.html`` offered); the chosen file's filter, else its
        suffix, picks the format (HTML when neither says), then :meth:`export_to` runs as a background task.
        Returns the open dialog; ``None`` when there is nothing unsent (:meth:`nothing_unsent`, said)."""
        if self.nothing_unsent():
            return None
        filters = self._filters()
        directory = self.window.project_dir / "annotations"
        try:   # the dialog opens in the process's working directory when the folder does not exist yet
            directory.mkdir(parents=True, exist_ok=True)
        except OSError:
            directory = self.window.project_dir

        def chosen(path: str, name_filter: str) -> None:
            fmt = dict(filters).get(name_filter) or Path(path).suffix.lstrip(".").lower()
            spawn(self.export_to(Path(path), fmt if fmt in ("html", "json", "md") else "html"), "export review")

        return self.file_dialog(self.tr("Export Review"), str(directory / "review.html"),
                                 ";;".join(f for f, _ in filters), True, chosen)

    async def export_to(self, path: Path, fmt: str) -> Path | None:
        """Write the window's batch (re-read from the live pages first) to ``path`` as ``fmt`` (``html``,
        ``json``, ``md``) at the chosen detail level. For HTML, :meth:`shoot_pages` first, so the file shows
        every page and each current state beside its design target, and its follow-ups' earlier rounds from the
        sent history (:meth:`rounds_of`). Returns the path, ``None`` on failure or when there is nothing unsent
        (:meth:`nothing_unsent`; both said, no file written)."""
        batch = await self.window.tab.refreshed_batch()
        if self.nothing_unsent(batch):
            return None
        if fmt == "html":
            await self.shoot_pages()
            batch = await self.window.tab.refreshed_batch()
        rounds = self.rounds_of(batch) if fmt == "html" else None
        try:
            written = save_review(batch, self.window.project_dir, fmt, self.detail, path=path, rounds=rounds)
        except OSError as exc:
            self.window.say(self.tr("Export failed: {0}").format(str(exc)))
            return None
        n = len(batch.annotations)
        self.window.say(self.tr("Exported %n annotation(s) to {0}", "", n).format(written))
        return written

    def rounds_of(self, batch, sent=None):
        """The rounds of ``batch``'s follow-ups (and, for a sent batch ``sent``, each annotation's own round),
        looked up in the project's sent history (:func:`app.agent.sent_rounds.batch_rounds`); ``None`` when
        there is nothing to look up."""
        if sent is None and not any(a.follow_up is not None for a in batch.annotations):
            return None
        from app.agent.sent_rounds import batch_rounds

        return batch_rounds(self.window.app.hub.store, batch, self.window.project_dir, sent=sent)

    async def shoot_pages(self) -> None:
        """For each tab whose current page has annotations: a page screenshot (numbered markers) when that page
        has none yet (the latest one is kept when it has), and element crops when one of its annotations has
        a reference image and no crop. Each is taken in its own tab, shown for the moment (a hidden view has
        no pixels to grab); the tab shown before is shown again. Failures are said, never raised."""
        window = self.window
        shown = window.tab
        shots = page_shots_of(shown.session.shared)
        try:
            for view in list(window.views.values()):
                tab = view.tab
                page = tab.annotator.page_key()
                pins = [p for p in tab.session.pins if p.page in (page, "")]
                need_shot = bool(pins) and page not in shots
                need_crops = any(p.annotation.reference and not p.annotation.screenshot for p in pins)
                if not (need_shot or need_crops):
                    continue
                if window.tab is not tab:
                    window.app.select_tab(tab.id)
                    await _painted(tab)
                if need_shot:
                    await window.screenshot()
                if need_crops:
                    await window.element_crops()
        finally:
            if window.tab is not shown and shown.id in window.views:
                window.app.select_tab(shown.id)

    # -- import ---------------------------------------------------------------------------------------------

    def ask_import(self) -> QFileDialog:
        """Ask for an exported JSON review, then :meth:`import_from` it as a background task. Returns the open
        dialog."""
        return self.file_dialog(self.tr("Import Review"), str(self.window.project_dir),
                                 self.tr("JSON review (*.json);;All files (*)"), False,
                                 lambda path, _filter: spawn(self.import_from(Path(path)), "import review"))

    async def import_from(self, path: Path) -> list[str]:
        """Add the review at ``path`` to the shown tab, re-anchored on its page (origin replaced). Returns the
        new pin ids; a file that is not a valid review is refused and said (``[]``)."""
        try:
            batch = read_review(path)
        except PagenoteError as exc:
            self.window.say(self.tr("Not imported: {0}").format(exc.message))
            return []
        tab = self.window.tab
        ids = await import_review(tab, batch)
        stale = sum(1 for i in ids if tab.session.get(i).annotation.status == "stale")
        self.window.say(self.tr("Imported %n annotation(s) from {0}; {1} not found on this page", "", len(ids))
                        .format(path.name, stale))
        return ids


async def _painted(tab, timeout: float = 5.0) -> None:
    """Wait until ``tab``'s view is shown and its page has drawn two animation frames since (its first
    grab would otherwise be the hidden view's last, or empty, picture)."""
    import asyncio

    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not tab.view.isVisible() and loop.time() < end:
        await asyncio.sleep(0.02)
    try:
        await tab.bridge.wait_frames(2)
    except PagenoteError:   # a page that draws no frames: grab what there is
        pass


def install_review_ui(window, store=None) -> ReviewIo:
    """Add Export…, Import…, the detail level, a sent batch's Export Review as HTML… (app/ui/sent_export.py),
    reference-image paste/drop and the panel's Source links to ``window`` (``store``: the
    :class:`~app.runtime.settings.SettingsStore` the level and ``[editor]`` come from; ``None``: defaults,
    nothing saved). Returns ``window.review_io``."""
    from app.runtime.settings import EditorSettings
    from app.ui.reference_drop import install_reference_drop
    from app.ui.source_links import install_source_links

    from app.ui.sent_export import install_sent_export

    window.review_io = ReviewIo(window, store)
    install_sent_export(window, window.review_io)
    install_reference_drop(window)
    install_source_links(window, lambda: getattr(getattr(store, "settings", None), "editor", None)
                         or EditorSettings())
    return window.review_io
