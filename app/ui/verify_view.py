"""The selected sent annotation's verification, under the panel's detail pane (issue 31, requirement 2).

For a row of the "Sent to agents" view (an annotation of a sent batch) :class:`VerifyView` shows its last
verification (:class:`app.model.verification.Verification`, kept with the annotation in the batch store — by the
row's **Check** or by itself when an agent marked it ``resolved``): the anchor's status (exact / rematched), the
changed-pixel share, the record's changes as a short list (``padding: 4px 8px → 12px 16px``) and the
**Before | After | Diff** crops behind a segmented toggle of three buttons. A verification that could not
complete shows its registry error and leaves the last one as it was (app/agent/verify_annotations.py).

Its buttons:

- **Check** runs :func:`app.agent.verify_annotations.verify_annotation` as a task (never a nested event loop);
  the view updates when it ends;
- **Accept** closes the annotation as ``verified`` (:meth:`app.agent.store.BatchStore.accept`: persisted, seen by
  agents in ``annotations.get``/``list``);
- **Reopen** opens a follow-up note box; its note joins the current batch as a follow-up
  (:func:`app.agent.verify_annotations.reopen`: ``Follow-up to: 3 (batch …)`` in the Markdown, with the earlier
  note, the agent's reply and the after crop).

:func:`install_verify` puts the view into a panel; :func:`follow_up_label` and :func:`verdict_label` are the
sent rows' round and verdict suffixes (app/ui/panel_sent.py).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QImageReader, QPixmap
from PySide6.QtWidgets import (QButtonGroup, QHBoxLayout, QLabel, QLayout, QPlainTextEdit, QPushButton, QToolButton,
                               QVBoxLayout, QWidget)
from shiboken6 import isValid

from app.core.errors import PagenoteError
from app.core.tasks import spawn
from app.model.verification import Verification

#: The sent view's role holding an annotation row's ``(batch id, number)`` (app/ui/panel_sent.py).
SENT_KEY_ROLE = Qt.ItemDataRole.UserRole + 5
#: The three pictures, in the toggle's order, and the Verification field holding each one's path.
IMAGES = ("before", "after", "diff")
#: Tallest picture shown, in device-independent px (the panel is narrow; the file is whole on disk).
IMAGE_HEIGHT = 180


def follow_up_label(annotation) -> str:
    """A sent row's round suffix: ``  (follow-up to 3 of batch 20261203-…)`` for a follow-up annotation
    (:class:`app.model.rounds.FollowUp`), else ``""``."""
    follow = getattr(annotation, "follow_up", None)
    if follow is None:
        return ""
    return QCoreApplication.translate("VerifyView", "  (follow-up to {0} of batch {1})").format(
        follow.annotation, follow.batch)


def round_label(batches: list, sent) -> tuple[str, str]:
    """A sent batch row's round (issue 31, requirement 3): ``(suffix, tooltip line)``. The suffix names the
    batches its follow-ups continue (``  · follow-ups to 20261203-…``; ``""`` without follow-ups); the tooltip
    line says ``Round 3, after batch 20261203-…`` (the store's order: each batch's ``previous``)."""
    number = next((i for i, b in enumerate(batches, start=1) if b.id == sent.id), len(batches))
    tip = (QCoreApplication.translate("VerifyView", "Round {0}, after batch {1}").format(number, sent.previous)
           if sent.previous
           else QCoreApplication.translate("VerifyView", "Round {0}").format(number))
    earlier = list(dict.fromkeys(a.follow_up.batch for a in sent.batch.annotations if a.follow_up is not None))
    follows = (QCoreApplication.translate("VerifyView", "  · follow-ups to {0}").format(", ".join(earlier))
               if earlier else "")
    return follows, tip


def verdict_label(state) -> str:
    """A sent row's verdict suffix from its last verification (``state``: the store's
    :class:`~app.agent.store.AnnotationState`): ``  · checked: changed, 14.2 % px``, or ``""`` when unverified."""
    if not state.verification:
        return ""
    try:
        result = Verification.model_validate(state.verification)
    except ValueError:
        return ""
    share = result.pixels.changed_percent if result.pixels is not None else 0.0
    word = (QCoreApplication.translate("VerifyView", "changed") if result.changed
            else QCoreApplication.translate("VerifyView", "no change"))
    return QCoreApplication.translate("VerifyView", "  · checked: {0}, {1} % px").format(word, f"{share:.1f}")


def _tab_of(app, batch_id: str, number: int):
    """The open tab annotation ``number`` of ``batch_id`` was made in, else the active tab."""
    for tab in getattr(app, "tabs", []) or []:
        ids = tab.session.sent_ids.get(batch_id)
        if ids and len(ids) >= number and ids[number - 1]:
            return tab
    return app.active_tab


class VerifyView(QWidget):
    """One sent annotation's verification (see the module). ``app``: the app object (its tabs), ``hub``: the
    agent hub (its batch store; :meth:`~app.agent.methods.Hub.changed` after each change)."""

    def __init__(self, app, hub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("verifyView")
        self.app, self.hub = app, hub
        self.key: tuple[str, int] | None = None
        self.errors: dict[tuple[str, int], str] = {}    # the last failed Accept or Reopen, by row
        self.notes: dict[tuple[str, int], str] = {}     # what the last Reopen did, by row
        self.running: set[tuple[str, int]] = set()      # rows whose Check or Reopen is under way
        self.verdict = QLabel(wordWrap=True, objectName="verifyVerdict")
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.segments = QButtonGroup(self)
        self.segments.setExclusive(True)
        toggle = QHBoxLayout()
        toggle.setSpacing(0)
        names = {"before": self.tr("Before"), "after": self.tr("After"), "diff": self.tr("Diff")}
        self.buttons: dict[str, QToolButton] = {}
        for name in IMAGES:
            button = QToolButton(text=names[name], checkable=True, objectName=f"segment_{name}")
            self.segments.addButton(button)
            self.buttons[name] = button
            toggle.addWidget(button)
        toggle.addStretch(1)
        self.buttons["after"].setChecked(True)
        self.image = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, objectName="verifyImage")
        self.image.setMinimumHeight(48)
        self.changes = QLabel(wordWrap=True, objectName="verifyChanges")
        self.changes.setTextFormat(Qt.TextFormat.PlainText)   # page text and CSS values: never rich text
        self.changes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error = QLabel(wordWrap=True, objectName="verifyError")
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setStyleSheet("color: #B91C1C;")
        self.check_button = QPushButton(self.tr("Check"))
        self.check_button.setToolTip(self.tr("Find the element again on the page now and compare it with the "
                                         "before crop taken at pin time"))
        self.accept_button = QPushButton(self.tr("Accept"))
        self.accept_button.setToolTip(self.tr("Close this annotation as verified"))
        self.reopen_button = QPushButton(self.tr("Reopen…"))
        self.reopen_button.setToolTip(self.tr("Add a follow-up note to the current batch"))
        self.follow_note = QPlainTextEdit()
        self.follow_note.setPlaceholderText(self.tr("What is still wrong? (the follow-up's note)"))
        self.follow_note.setFixedHeight(60)
        self.follow_add = QPushButton(self.tr("Add follow-up"))
        self.follow_cancel = QPushButton(self.tr("Cancel"))
        actions = QHBoxLayout()
        for button in (self.check_button, self.accept_button, self.reopen_button):
            actions.addWidget(button)
        actions.addStretch(1)
        follow_buttons = QHBoxLayout()
        follow_buttons.addStretch(1)
        follow_buttons.addWidget(self.follow_cancel)
        follow_buttons.addWidget(self.follow_add)
        self.follow_box = QWidget()
        follow = QVBoxLayout(self.follow_box)
        follow.setContentsMargins(0, 0, 0, 0)
        follow.addWidget(self.follow_note)
        follow.addLayout(follow_buttons)
        self.follow_box.hide()
        layout = QVBoxLayout(self)
        # Its whole height is its minimum: the panel's splitter gives the details room instead of stacking the
        # picture over the list of changes.
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.verdict)
        layout.addLayout(toggle)
        layout.addWidget(self.image)
        layout.addWidget(self.changes)
        layout.addWidget(self.error)
        layout.addLayout(actions)
        layout.addWidget(self.follow_box)
        for button in self.buttons.values():
            button.toggled.connect(lambda on: on and self._show_image())
        self.check_button.clicked.connect(self.check)
        self.accept_button.clicked.connect(self.accept)
        self.reopen_button.clicked.connect(self.open_follow_up)
        self.follow_add.clicked.connect(self.add_follow_up)
        self.follow_cancel.clicked.connect(self.follow_box.hide)
        self.hide()

    # -- what is shown -----------------------------------------------------------------------------------------

    def show_annotation(self, key: tuple[str, int] | None) -> None:
        """Show annotation ``key`` = ``(batch id, number)`` of the store; ``None`` hides the view."""
        if key != self.key:
            self.follow_box.hide()
            self.follow_note.clear()
        self.key = key
        self.setVisible(key is not None)
        if key is not None:
            self.refresh()

    def state(self):
        """``(sent batch, annotation state)`` of the shown row, or ``None`` (no row, or gone from the store)."""
        if self.key is None:
            return None
        try:
            sent = self.hub.store.get(self.key[0])
            return sent, sent.annotations[self.key[1] - 1]
        except (KeyError, IndexError):
            return None

    def verification(self) -> Verification | None:
        """The shown row's last verification, or ``None``."""
        found = self.state()
        if found is None or not found[1].verification:
            return None
        try:
            return Verification.model_validate(found[1].verification)
        except ValueError:
            return None

    def refresh(self) -> None:
        """Read the shown row's state from the store again."""
        found = self.state()
        if found is None:
            self.hide()
            return
        _sent, state = found
        result = self.verification()
        busy = self.key in self.running
        if result is None:
            self.verdict.setText(self.tr("Not checked yet.") if not busy else self.tr("Checking…"))
            self.changes.setText("")
        else:
            status = {"exact": self.tr("exact"), "rematched": self.tr("rematched")}.get(result.status, result.status)
            share = result.pixels.changed_percent if result.pixels is not None else 0.0
            word = self.tr("Changed") if result.changed else self.tr("No change")
            self.verdict.setText(self.tr("{0} · {1} · {2} % of pixels changed · checked {3}").format(
                word, status, f"{share:.1f}", result.checked_at) + ("\n" + self.tr("Checking…") if busy else ""))
            lines = [f"• {c.line()}" for c in result.changes]
            self.changes.setText("\n".join(lines) if lines else self.tr("No style, text or box change recorded."))
        if state.status == "verified":
            self.verdict.setText(self.tr("Accepted (verified).") + "\n" + self.verdict.text())
        failed = self.hub.verify_errors.get(self.key) if self.key not in self.running else None
        error = self.errors.get(self.key) or (
            self.tr("Could not complete: {0}: {1}").format(failed.name, failed.message) if failed is not None else "")
        message = error or self.notes.get(self.key, "")
        self.error.setStyleSheet("color: #B91C1C;" if error else "")
        self.error.setText(message)
        self.error.setVisible(bool(message))
        for button in self.buttons.values():
            button.setEnabled(result is not None)
        self.check_button.setEnabled(not busy)
        self.accept_button.setEnabled(state.status != "verified")
        self.reopen_button.setEnabled(not busy)
        self.follow_add.setEnabled(not busy)
        self._show_image()
        self._fit_labels()

    def _fit_labels(self) -> None:
        """Wrapped labels ask for their whole height at the view's width (a QLabel's minimum size hint is one
        line's), so the panel's splitter gives them room instead of clipping the list of changes."""
        width = max(120, self.width() or 280)
        for label in (self.verdict, self.changes, self.error):
            label.setMinimumHeight(label.heightForWidth(width) if label.text() else 0)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        super().resizeEvent(event)
        if self.key is not None:
            self._fit_labels()

    def shown_image(self) -> str:
        """Which picture the toggle shows: ``before``, ``after`` or ``diff``."""
        return next(name for name, button in self.buttons.items() if button.isChecked())

    def _show_image(self) -> None:
        result = self.verification()
        path = getattr(result, self.shown_image()) if result is not None else ""
        pixmap = QPixmap(path) if path and Path(path).is_file() else QPixmap()
        if pixmap.isNull():
            self.image.setPixmap(QPixmap())
            self.image.setText(self.tr("(no picture: check first)") if result is None else self.tr("(picture missing)"))
            return
        dpr = self.devicePixelRatioF()
        width = max(64, self.width() or 280)
        # One scale for Before, After and Diff (the largest of the three fits width × IMAGE_HEIGHT; never above
        # one image px per view px): each fitted on its own, a button that grew looked smaller after the fix.
        sizes = [QImageReader(p).size() for p in (result.before, result.after, result.diff) if p and Path(p).is_file()]
        most_w = max([z.width() for z in sizes if z.isValid()] + [pixmap.width()])
        most_h = max([z.height() for z in sizes if z.isValid()] + [pixmap.height()])
        k = min(dpr, width * dpr / most_w, IMAGE_HEIGHT * dpr / most_h)
        scaled = pixmap.scaled(max(1, round(pixmap.width() * k)), max(1, round(pixmap.height() * k)),
                               Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
        scaled.setDevicePixelRatio(dpr)
        self.image.setText("")
        self.image.setPixmap(scaled)
        self.image.setMinimumHeight(round(scaled.height() / dpr))   # never clipped by a short detail pane
        self.image.setToolTip(path)

    # -- actions -----------------------------------------------------------------------------------------------

    def _failed(self, key, exc: PagenoteError) -> None:
        self.errors[key] = self.tr("Could not complete: {0}: {1}").format(exc.name, exc.message)
        self.notes.pop(key, None)

    def check(self) -> None:
        """Verify the shown row now, as a task; the view updates when it ends (its error shown on failure)."""
        if self.key is None or self.key in self.running:
            return
        key = self.key
        self.running.add(key)
        self.errors.pop(key, None)
        self.notes.pop(key, None)
        self.refresh()
        spawn(self._check(key), "verification from the panel")

    async def _check(self, key) -> None:
        from app.agent.verify_annotations import verify_annotation

        try:
            await verify_annotation(self.app, self.hub.store, *key)
            self.hub.verify_errors.pop(key, None)
        except PagenoteError as exc:
            self.hub.verify_errors[key] = exc   # shown until a verification of it completes
        finally:
            self.running.discard(key)
        if isValid(self):
            self.hub.changed()   # the rows' verdicts; the shown row is kept (panel_sent)
            self.refresh()

    def accept(self) -> None:
        """Close the shown row's annotation as ``verified`` in the store."""
        if self.key is None:
            return
        try:
            self.hub.store.accept(*self.key)
        except (KeyError, IndexError, OSError) as exc:
            self.errors[self.key] = self.tr("Could not accept: {0}").format(exc)
        else:
            self.errors.pop(self.key, None)
        self.hub.changed()
        self.refresh()

    def open_follow_up(self) -> None:
        """Show the follow-up note box (Reopen)."""
        self.follow_box.show()
        self.follow_note.setFocus()

    def add_follow_up(self) -> None:
        """Add the follow-up note box's text to the current batch as a follow-up of the shown row, as a task."""
        note = self.follow_note.toPlainText().strip()
        if self.key is None or self.key in self.running:
            return
        if not note:
            self.errors[self.key] = self.tr("Write what is still wrong first.")
            self.refresh()
            return
        key = self.key
        self.running.add(key)
        self.errors.pop(key, None)
        self.refresh()
        spawn(self._reopen(key, note), "reopen from the panel")

    async def _reopen(self, key, note: str) -> None:
        from app.agent.verify_annotations import reopen

        try:
            tab = _tab_of(self.app, *key)
            if tab is None:
                raise PagenoteError("NO_PAGE", "no tab is open")
            number = await reopen(tab, self.hub.store, key[0], key[1], note)
        except PagenoteError as exc:
            self._failed(key, exc)
        else:
            self.notes[key] = self.tr("Added to the current batch as {0}.").format(number)
            if isValid(self) and self.key == key:
                self.follow_note.clear()
                self.follow_box.hide()
        finally:
            self.running.discard(key)
        if isValid(self):
            self.refresh()


def install_verify(panel, app) -> VerifyView | None:
    """Put a :class:`VerifyView` under ``panel``'s detail pane (:class:`app.ui.panel.AnnotationPanel`), shown for
    the selected sent annotation row and hidden for anything else. Returns it (also ``panel.verify``); ``None``
    for a panel without a hub (no sent batches)."""
    if panel.hub is None:
        return None
    view = VerifyView(app, panel.hub)
    panel.detail.parentWidget().layout().insertWidget(1, view)
    panel.verify = view

    def sent_row(item, _previous=None) -> None:
        key = item.data(0, SENT_KEY_ROLE) if item is not None else None
        view.show_annotation(tuple(key) if key else None)

    panel.sent.currentItemChanged.connect(sent_row)
    # A click on the row already current (after a row of the list was shown) shows it again.
    panel.sent.itemClicked.connect(lambda item, _column: (panel._show_sent_detail(item), sent_row(item)))
    panel.sent.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    panel.sent.customContextMenuRequested.connect(lambda pos: _row_menu(panel, view, pos))
    panel.list.currentItemChanged.connect(lambda item, _p=None: item is not None and view.show_annotation(None))
    return view


def _row_menu(panel, view: VerifyView, pos) -> None:
    """A sent annotation row's context menu: Check, Accept, Reopen… (the view's buttons, for that row)."""
    from PySide6.QtWidgets import QMenu

    item = panel.sent.itemAt(pos)
    if item is None or not item.data(0, SENT_KEY_ROLE):
        return
    panel.sent.setCurrentItem(item)   # shows the row in the view, whose buttons the menu runs
    menu = QMenu(panel.sent)
    menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    for button, run in ((view.check_button, view.check), (view.accept_button, view.accept),
                        (view.reopen_button, view.open_follow_up)):
        menu.addAction(button.text(), run).setEnabled(button.isEnabled())
    menu.popup(panel.sent.viewport().mapToGlobal(pos))

