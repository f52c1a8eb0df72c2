"""The window's toolbar, in three groups split by separators (issue 30, requirement 5):

    navigation: Back, Forward, Reload/Stop, the address bar, zoom − level +, Device
    annotate:   Annotate (icon and text), Freeze (icon only: the lesser of the two)
    output:     Screenshot ▾ (full page, crops), Copy ▾ (Save), Send (the primary action, last)

Each control is a window action with an icon (:mod:`app.ui.theme`, Lucide) and a shortcut. Clear sits in the
side panel's header, over the list it clears (its Undo in the status bar). One row, so a tab bar can go above it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLineEdit, QMenu, QSizePolicy, QToolBar, QToolButton

from app.core.tasks import spawn
from app.ui import theme
from app.ui.clear_undo import clear_with_undo

#: pagenote's own shortcuts (the browser keys are in app/ui/keys.py).
SHORTCUTS = {
    "annotate": QKeySequence("Ctrl+Shift+A"),
    "screenshot": QKeySequence("Ctrl+Shift+S"),
    "full": QKeySequence("Ctrl+Shift+F"),
    "copy": QKeySequence("Ctrl+Shift+C"),
    "save": QKeySequence("Ctrl+S"),
    "send": QKeySequence("Ctrl+Return"),
}


class Toolbars(QObject):
    """Builds ``window``'s toolbar and sets its actions on the window: ``act_annotate`` (checkable),
    ``act_screenshot``, ``act_full``, ``act_full_annotated``, ``act_crops``, ``act_copy``, ``act_save``,
    ``act_send``, ``act_clear``, and the address bar ``address``. ``keys``: the window's
    :class:`~app.ui.keys.BrowserKeys` (back, forward, reload shown with icons)."""

    def __init__(self, window, keys) -> None:
        super().__init__(window)
        self.window = window
        w = window
        for action, name in ((keys.back, "arrow-left"), (keys.forward, "arrow-right"), (keys.reload, "rotate-cw"),
                             (keys.stop, "x"), (keys.find, "search")):
            action.setIcon(theme.icon(name))
        w.act_annotate = self._action(self.tr("Annotate"), self.tr("Annotation mode: click elements to pin numbered notes"),
                                      "annotate", "square-dashed-mouse-pointer")
        w.act_annotate.setCheckable(True)
        w.act_annotate.toggled.connect(w.annotate.set_mode)
        w.act_screenshot = self._action(self.tr("Screenshot"), self.tr("Save the visible viewport as a PNG in shots/ (and a copy "
                                        "with the annotations drawn)"), "screenshot", "camera")
        w.act_screenshot.triggered.connect(lambda: spawn(w.screenshot(), "screenshot"))
        w.act_full = self._action(self.tr("Full page"), self.tr("Save the whole document as one PNG"), "full")
        w.act_full.triggered.connect(lambda: spawn(w.full_page_screenshot(False), "full-page screenshot"))
        w.act_full_annotated = self._action(self.tr("Full page with annotations"),
                                            self.tr("Save the whole document, plus a copy with the annotations drawn"))
        w.act_full_annotated.triggered.connect(lambda: spawn(w.full_page_screenshot(True), "full-page screenshot"))
        w.act_crops = self._action(self.tr("Crop annotated elements"),
                                   self.tr("Save a crop of each annotated element and list it in its annotation"))
        w.act_crops.triggered.connect(lambda: spawn(w.element_crops(), "element crops"))
        w.act_copy = self._action(self.tr("Copy"), self.tr("Copy the annotations as Markdown"), "copy", "copy")
        w.act_copy.triggered.connect(lambda: spawn(w.export("copy"), "copy"))
        w.act_save = self._action(self.tr("Save"), self.tr("Save the annotations as Markdown in annotations/"), "save", "save")
        w.act_save.triggered.connect(lambda: spawn(w.export("save"), "save"))
        w.act_send = self._action(self.tr("Send"), self.tr("Send the annotations to waiting coding agents"), "send", "send")
        w.act_send.triggered.connect(lambda: spawn(w.export("send"), "send"))
        w.act_clear = self._action(self.tr("Clear"), self.tr("Remove all annotations and the overall note"), None, "trash-2")
        w.act_clear.triggered.connect(lambda: clear_with_undo(w))   # at once, with Undo in the status bar

        bar = QToolBar(self.tr("Toolbar"))
        bar.setObjectName("mainToolbar")
        bar.setMovable(False)
        bar.setFloatable(False)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (keys.back, keys.forward, keys.reload):
            bar.addAction(action)
            bar.widgetForAction(action).setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        w.address = QLineEdit(objectName="address")
        w.address.setPlaceholderText(self.tr("Address: URL, localhost:PORT or a file"))
        w.address.setClearButtonEnabled(True)
        w.address.setMinimumWidth(240)
        w.address.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        w.address.returnPressed.connect(lambda: w.open(w.address.text()))
        bar.addWidget(w.address)
        bar.addSeparator()
        bar.addAction(w.act_annotate)
        shot_menu = QMenu(w)
        shot_menu.addActions([w.act_screenshot, w.act_full, w.act_full_annotated, w.act_crops])
        shot_button = QToolButton()
        shot_button.setDefaultAction(w.act_screenshot)
        shot_button.setMenu(shot_menu)
        shot_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        shot_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        bar.addSeparator()
        self.output = bar.addWidget(shot_button)
        copy_menu = QMenu(w)
        copy_menu.addActions([w.act_copy, w.act_save])
        self.copy_button = copy_button = QToolButton()
        copy_button.setDefaultAction(w.act_copy)
        copy_button.setMenu(copy_menu)
        copy_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        copy_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        bar.addWidget(copy_button)
        bar.addAction(w.act_send)
        theme.primary_button(bar.widgetForAction(w.act_send), w.act_send)   # accent fill, white icon
        w.addActions([w.act_annotate, w.act_screenshot, w.act_full, w.act_full_annotated, w.act_crops, w.act_copy,
                      w.act_save, w.act_send, w.act_clear])  # shortcuts work without opening a menu
        w.addToolBar(bar)
        w.panel.set_clear_action(w.act_clear)   # Clear: in the panel's header, over the list it clears
        self.bar = bar
        self._icons = {keys.back: "arrow-left", keys.forward: "arrow-right", keys.reload: "rotate-cw", keys.stop: "x",
                       keys.find: "search", w.act_annotate: "square-dashed-mouse-pointer", w.act_screenshot: "camera",
                       w.act_copy: "copy", w.act_save: "save", w.act_send: "send", w.act_clear: "trash-2"}
        w.installEventFilter(self)
        # Send and Clear act on the batch: disabled (muted, not lit) while it is empty.
        session = w.batch_session
        session.subscribe(self.follow_batch)
        self.destroyed.connect(lambda *_: session.unsubscribe(self.follow_batch))
        self.follow_batch()

    def arrange(self) -> None:
        """Put the controls other modules added to the bar after it was built into their groups: the zoom
        level (the status line's ``zoom_button``, always shown: ``100%``, a click resets it) between zoom − and
        +, the Device menu at the navigation group's end, and Freeze as an icon-only button after Annotate
        (less prominent than the mode it serves). Call once, after :mod:`app.ui.nav_controls`,
        :mod:`app.ui.freeze_action` and :mod:`app.ui.device_menu`."""
        w, bar = self.window, self.bar
        first_separator = next(a for a in bar.actions() if a.isSeparator())
        zoom_in = getattr(w, "nav_buttons", {}).get("zoom_in")
        level = w.status.zoom_button
        at = next((a for a in bar.actions() if bar.widgetForAction(a) is zoom_in), first_separator)
        bar.insertWidget(at, level)
        level.show()
        device = getattr(getattr(w, "device_menu", None), "action", None)
        if device is not None and device in bar.actions():
            bar.removeAction(device)
            bar.insertAction(first_separator, device)
            button = bar.widgetForAction(device)
            if isinstance(button, QToolButton):
                button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        freeze = getattr(w, "freeze", None)
        if freeze is not None and bar.widgetForAction(freeze) is not None:
            bar.widgetForAction(freeze).setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)

    def groups(self) -> list[list[str]]:
        """The bar's controls by group, as their texts (an address bar or the zoom level by its object name or
        text): what a user sees from left to right, split where the separators are."""
        out: list[list[str]] = [[]]
        for action in self.bar.actions():
            if action.isSeparator():
                out.append([])
                continue
            widget = self.bar.widgetForAction(action)
            if not action.isVisible():
                continue
            if isinstance(widget, QToolButton):
                shown = widget.defaultAction().text() if widget.defaultAction() else widget.text()
            else:
                shown = widget.objectName() if widget is not None else action.text()
            out[-1].append(shown or action.text())
        return out

    def follow_batch(self) -> None:
        """Enable Send and Clear when the window's batch has an annotation or an overall note."""
        session = self.window.batch_session
        has = bool(session.pins or session.summary.strip())
        self.window.act_send.setEnabled(has)
        self.window.act_clear.setEnabled(has)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt virtual)
        if event.type() == QEvent.Type.ApplicationPaletteChange:   # the scheme changed: icons in its colours
            for action, name in self._icons.items():
                action.setIcon(theme.icon(name))
            freeze = getattr(self.window, "freeze", None)   # added after the toolbar (app/ui/freeze_action.py)
            if freeze is not None:
                freeze.setIcon(theme.icon("snowflake"))
            for name, button in getattr(self.window, "nav_buttons", {}).items():
                if name.startswith("zoom"):
                    button.setIcon(theme.icon(name.replace("_", "-")))
        return False

    def _action(self, text: str, tip: str, shortcut: str | None = None, icon: str | None = None) -> QAction:
        action = QAction(text, self.window)
        plain = tip
        if shortcut is not None:
            seq = SHORTCUTS[shortcut]
            action.setShortcut(seq)
            tip = f"{tip} ({seq.toString(QKeySequence.SequenceFormat.NativeText)})"
        if icon is not None:
            action.setIcon(theme.icon(icon))
        action.setToolTip(tip)
        action.setStatusTip(plain)
        return action

