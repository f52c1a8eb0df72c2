"""Reference images in the window: paste (Ctrl+V) or drop an image onto the open note box, or drop one onto an
annotation's row in the panel; it becomes that annotation's design target (app/capture/reference.py stores it
as a PNG in the project's shots/; the Markdown lists it as ``Reference:``).

An image is taken from the clipboard or drop data as image data (a copied picture) or as a local image file
(a file manager's drop or copy). Text pastes and drops are left to the editor as before.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QEvent, QIODevice, QObject, QPoint
from PySide6.QtGui import QGuiApplication, QImage, QKeySequence

from app.capture.reference import store_reference
from app.core.errors import PagenoteError
from app.tabs.review_import import attach_reference

#: File name endings taken as images from a drop or a copied file.
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp")



def image_source(mime) -> Path | bytes | None:
    """The image in ``mime`` (a ``QMimeData``): the first local image file it names, else its image data as
    PNG bytes; ``None`` when it holds no image."""
    if mime is None:
        return None
    for url in mime.urls() if mime.hasUrls() else ():
        if url.isLocalFile() and url.toLocalFile().lower().endswith(IMAGE_SUFFIXES):
            return Path(url.toLocalFile())
    if mime.hasImage():
        image = QImage(mime.imageData())
        if image.isNull():
            return None
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        return bytes(data.data())
    return None


class ReferenceDrop(QObject):
    """Installed on the window (:func:`install_reference_drop`): watches each tab's note box editor (paste and
    drop) and the panel's list (drop on a row)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self._watched: dict[QObject, object] = {}   # watched widget → the tab view it belongs to (None: panel)
        for view in getattr(window, "views", {}).values():
            self.watch_tab(view)
        window.app.tab_added.connect(lambda tab: self.watch_tab(window.views.get(tab.id)))
        self._watch(window.panels.list.viewport(), None)

    def _watch(self, widget, owner) -> None:
        widget.setAcceptDrops(True)
        widget.installEventFilter(self)
        self._watched[widget] = owner

    def watch_tab(self, view) -> None:
        """Watch ``view``'s (a TabView) note box."""
        if view is None:
            return
        editor = view.annotate.note_box.editor
        self._watch(editor, view)
        self._watch(editor.viewport(), view)

    def attach(self, tab, pin_id: str, source: Path | bytes, name: str = "pasted") -> str:
        """Store ``source`` and make it pin ``pin_id``'s reference in ``tab``'s session (or the window's batch
        when ``tab`` is ``None``). Returns the stored path, ``""`` when the image was refused (said in the
        status line)."""
        session = tab.session if tab is not None else self.window.batch_session
        try:
            path = store_reference(source, self.window.project_dir, name)
            attach_reference(session, pin_id, path)
        except (PagenoteError, KeyError) as exc:
            self.window.say(self.tr("Reference image not attached: {0}").format(exc))
            return ""
        self.window.say(self.tr("Reference image (design target) attached to annotation {0}: {1}")
                        .format(session.number_of(pin_id), path))
        return path

    def _editing(self, view) -> str | None:
        return view.annotate.editing if view is not None and view.annotate.note_box.isVisible() else None

    def _row_pin(self, pos: QPoint) -> tuple[str, str] | None:
        from app.ui.panel import ID_ROLE, TAB_ROLE

        item = self.window.panels.list.itemAt(pos)
        if item is None or not item.data(ID_ROLE):
            return None
        return item.data(ID_ROLE), item.data(TAB_ROLE) or ""

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt virtual)
        if watched not in self._watched:
            return False
        view = self._watched[watched]
        kind = event.type()
        if kind == QEvent.Type.KeyPress and view is not None and event.matches(QKeySequence.StandardKey.Paste):
            source = image_source(QGuiApplication.clipboard().mimeData())
            pin_id = self._editing(view)
            if source is None or pin_id is None:
                return False
            self.attach(view.tab, pin_id, source)
            return True
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            if image_source(event.mimeData()) is not None and (
                    self._editing(view) if view is not None else self._row_pin(event.position().toPoint())):
                event.acceptProposedAction()
                return True
            return False
        if kind == QEvent.Type.Drop:
            source = image_source(event.mimeData())
            if source is None:
                return False
            if view is not None:
                pin_id, tab = self._editing(view), view.tab
            else:
                found = self._row_pin(event.position().toPoint())
                pin_id, tab = (found[0], None) if found else (None, None)
            if pin_id is None:
                return False
            name = source.stem if isinstance(source, Path) else "dropped"
            self.attach(tab, pin_id, source, name)
            event.acceptProposedAction()
            return True
        return False


def install_reference_drop(window) -> ReferenceDrop:
    """Add reference-image paste and drop to ``window`` (a MainWindow); the object is ``window.reference_drop``."""
    window.reference_drop = ReferenceDrop(window)
    return window.reference_drop
