"""The toolbar's page controls beside Back and Forward: one Reload/Stop slot, as in browsers (Reload while the
page is idle, Stop while it loads — F5 / Ctrl+R reload and Esc stops, as before: the keys belong to the window's
actions, not to the button), and zoom out / zoom in (``−`` / ``+``, Ctrl+- / Ctrl++; the level is shown in the
status bar, where a click resets it, Ctrl+0). They trigger the window's :class:`~app.ui.keys.BrowserKeys`
actions, so a button, its key and the shown tab always agree."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton

from app.ui import theme


def follow_loading(slot: QToolButton, keys) -> None:
    """Show Stop in ``slot`` while ``keys.stop`` is enabled (the shown tab loads and no annotation UI owns
    Esc), else Reload."""
    want = keys.stop if keys.stop.isEnabled() else keys.reload
    previous = slot.defaultAction()
    if previous is not want:
        slot.setDefaultAction(want)
        if previous is not None:
            # setDefaultAction adds the action to the button; a button with two actions has a menu (Qt draws
            # its arrow and opens it on a long press).
            slot.removeAction(previous)


def install_nav_controls(window) -> dict:
    """Put one Reload/Stop slot where Reload was and the two zoom buttons after the address bar in
    ``window``'s main toolbar. Reload and Stop stay window actions (their shortcuts work with or without the
    button). Returns ``{"reload", "stop", "zoom_out", "zoom_in"}``: the tool buttons (``reload`` and ``stop``
    are the same slot)."""
    keys, bar = window.keys, window.toolbars.bar
    slot = QToolButton()
    slot.setObjectName("reloadStop")
    slot.setAutoRaise(True)
    slot.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    slot.setDefaultAction(keys.reload)
    slot_action = bar.insertWidget(keys.reload, slot)
    bar.removeAction(keys.reload)            # still the window's action: F5 / Ctrl+R keep working
    keys.stop.changed.connect(lambda: follow_loading(slot, keys))
    follow_loading(slot, keys)
    actions = bar.actions()
    after_address = next((a for a in actions[actions.index(slot_action) + 1:] if a.isSeparator()), None)
    buttons = {"reload": slot, "stop": slot}
    for name, text, action in (("zoom_out", "−", keys.zoom_out), ("zoom_in", "+", keys.zoom_in)):
        button = QToolButton()
        button.setText(text)
        button.setIcon(theme.icon(name.replace("_", "-")))   # Lucide zoom-out / zoom-in, as every toolbar icon
        button.setToolTip(action.toolTip())
        button.setAutoRaise(True)
        button.clicked.connect(lambda _=False, a=action: a.trigger())
        bar.insertWidget(after_address, button) if after_address is not None else bar.addWidget(button)
        buttons[name] = button
    return buttons
