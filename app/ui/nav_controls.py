"""The toolbar's page controls beside Back, Forward and Reload: Stop (enabled while the shown tab loads; Esc),
and zoom out / zoom in (``−`` / ``+``, Ctrl+- / Ctrl++; the level is shown in the status bar, where a click
resets it, Ctrl+0). They trigger the window's :class:`~app.ui.keys.BrowserKeys` actions, so a button, its key
and the shown tab always agree."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton

from app.ui import theme


def install_nav_controls(window) -> dict:
    """Add Stop after Reload and the two zoom buttons after the address bar in ``window``'s main toolbar.
    Returns ``{"stop", "zoom_out", "zoom_in"}``: the tool buttons."""
    keys, bar = window.keys, window.toolbars.bar
    actions = bar.actions()
    after_reload = actions[actions.index(keys.reload) + 1]
    bar.insertAction(after_reload, keys.stop)
    stop = bar.widgetForAction(keys.stop)
    stop.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    actions = bar.actions()
    after_address = next((a for a in actions[actions.index(keys.stop) + 1:] if a.isSeparator()), None)
    buttons = {"stop": stop}
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
