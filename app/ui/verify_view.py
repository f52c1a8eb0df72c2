"""The selected sent annotation's verification, under the panel's detail pane (issue 31, requirement 2).

For a row of the "Sent to agents" view (an annotation of a sent batch) :class:`VerifyView` shows its last
verification (:class:`app.model.verification.Verification`, kept with the annotation in the batch store — by the
row's **Check** or by itself when an agent marked it ``resolved``): the anchor's status (exact / rematched), the
changed-pixel share, the record's changes as a short list (``padding: 4px 8px → 12px 16px``) and the
**Before | After | Diff** crops behind a segmented toggle of three buttons. A verification that could not
complete shows its registry error with its next step and leaves the last one as it was
(app/agent/verify_annotations.py); when the page view's size was the only difference from pin time, a button
**Resize to the pin's size and check** gives the view that size again and checks (:mod:`app.ui.verify_resize`).

Its buttons:

- **Check** runs :func:`app.agent.verify_annotations.verify_annotation` as a task (never a nested event loop);
  the view updates when it ends;
- **Accept** closes the annotation as ``verified`` (:meth:`app.agent.store.BatchStore.accept`: persisted, seen by
  agents in ``annotations.get``/``list``);
- **Reopen** opens a follow-up note box; its note joins the current batch as a follow-up
  (:func:`app.agent.verify_annotations.reopen`: ``Follow-up to: 3 (batch …)`` in the Markdown, with the earlier
  note, the agent's reply and the after crop) and the annotation is ``reopened``: the view says where its
  follow-up is (``Reopened as 2 in the current batch.``, then ``… in batch 20261203-…`` once sent), Accept and
  Reopen are disabled. Deleting the follow-up before Send gives it back its earlier status
  (:mod:`app.agent.reopened`, kept in step with the current batch by :func:`install_verify`).

The verdict's time (UTC ISO 8601 in the store) reads in local time, as the locale writes a short date and time
(:func:`app.ui.draft_prompt.local_time`). For a follow-up, the pictures of each round of its thread (the
annotations it follows up) are a toggle away (**Round 1 | Round 2**); the verdict and the changes are the chosen
round's. The view sits in a scroll area that takes
the height the panel has room for (:func:`install_verify`). The pictures are :class:`app.ui.verify_pictures.VerifyPictures`; the sent rows' round,
verdict and follow-up words are :mod:`app.ui.sent_labels`'.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (QApplication, QFrame, QHBoxLayout, QLabel, QLayout, QPlainTextEdit, QPushButton,
                               QScrollArea, QVBoxLayout, QWidget)

from app.agent.reopened import follow_ups, rounds_of, sync_reopened
from app.model.verification import Verification
from app.ui.draft_prompt import local_time
from app.ui.sent_labels import SENT_KEY_ROLE, drafted_follow_ups, follow_up_place, verification_of
from app.ui.verify_actions import VerifyActions, tab_of
from app.ui.verify_pictures import VerifyPictures
from app.ui.verify_resize import is_view_size, size_gap


class VerifyView(VerifyActions, QWidget):
    """One sent annotation's verification (see the module). ``app``: the app object (its tabs, its current batch
    ``batch_session``), ``hub``: the agent hub (its batch store; :meth:`~app.agent.methods.Hub.changed` after each
    change)."""

    def __init__(self, app, hub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("verifyView")
        self.app, self.hub = app, hub
        self.frame: QWidget | None = None   # the scroll area it is shown in, if any
        self.room = lambda: 0                 # the height that area may take (install_verify)
        self.key: tuple[str, int] | None = None
        self.errors: dict[tuple[str, int], str] = {}    # the last failed Accept or Reopen, by row
        self.running: set[tuple[str, int]] = set()      # rows whose Check or Reopen is under way
        self.verdict = QLabel(wordWrap=True, objectName="verifyVerdict")
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.pictures = VerifyPictures()
        self.buttons, self.image = self.pictures.buttons, self.pictures.image
        self.changes = QLabel(wordWrap=True, objectName="verifyChanges")
        self.changes.setTextFormat(Qt.TextFormat.PlainText)   # page text and CSS values: never rich text
        self.changes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error = QLabel(wordWrap=True, objectName="verifyError")
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setStyleSheet("color: #B91C1C;")
        self.resize_button = QPushButton(self.tr("Resize to the pin's size and check"))
        self.resize_button.setToolTip(self.tr("Move the side panel's divider (and resize the window only if "
                                              "needed) so the page view has the size it was pinned at, then check"))
        self.resize_button.hide()
        self.selected = lambda: self.key is not None   # whether the shown row is selected (install_verify)
        self.check_button = QPushButton(self.tr("Check"))
        self.check_button.setToolTip(self.tr("Find the element again on the page now and compare it with the "
                                         "before crop taken at pin time"))
        self.accept_button = QPushButton(self.tr("Accept"))
        self.accept_button.setToolTip(self.tr("Close this annotation as verified"))
        self.reopen_button = QPushButton(self.tr("Reopen…"))
        self.reopen_button.setToolTip(self.tr("Add a follow-up note to the current batch"))
        for button in (self.check_button, self.accept_button, self.reopen_button):
            button.setEnabled(False)   # until a selected row is shown (refresh)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)   # holds the focus a disabled button lets go (refresh)
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
        for part in (self.verdict, self.pictures, self.changes, self.error):
            layout.addWidget(part)
        resize = QHBoxLayout()
        resize.addWidget(self.resize_button)
        resize.addStretch(1)
        layout.addLayout(resize)
        layout.addLayout(actions)
        layout.addWidget(self.follow_box)
        self.check_button.clicked.connect(self.check)
        self.resize_button.clicked.connect(self.fit_and_check)
        self.pictures.chosen.connect(self.refresh)   # the verdict and changes follow the round shown
        self.accept_button.clicked.connect(self.accept)
        self.reopen_button.clicked.connect(self.open_follow_up)
        self.follow_add.clicked.connect(self.add_follow_up)
        self.follow_cancel.clicked.connect(self.follow_box.hide)
        self.hide()

    # -- what is shown -----------------------------------------------------------------------------------------

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt virtual)
        """Shown and hidden with the scroll area it sits in (:func:`install_verify`)."""
        super().setVisible(visible)
        if self.frame is not None:
            self.frame.setVisible(visible)

    def show_annotation(self, key: tuple[str, int] | None) -> None:
        """Show annotation ``key`` = ``(batch id, number)`` of the store; ``None`` hides the view."""
        changed, self.key = key != self.key, key
        if changed:
            self.follow_box.hide()
            self.follow_note.clear()
        self.setVisible(key is not None)
        if key is not None:
            self.refresh()
        if changed:
            self.scroll_to(None)

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
        return verification_of(found[1]) if found is not None else None

    def _headline(self, state) -> list[str]:
        """The user's decision on the shown row, first in the verdict: accepted, or where its follow-up is."""
        if state.status == "verified":
            return [self.tr("Accepted (verified).")]
        place = follow_up_place(state, self.key, drafted_follow_ups(self.app))
        if place is None:
            return []
        number, batch = place
        return [self.tr("Reopened as {0} in batch {1}.").format(number, batch) if batch
                else self.tr("Reopened as {0} in the current batch.").format(number)]

    def refresh(self) -> None:
        """Read the shown row's state from the store again. The verdict and the changes are those of the round
        the pictures show (a follow-up's Round 1 | Round 2 toggle)."""
        found = self.state()
        if found is None:
            self.hide()
            return
        _sent, state = found
        busy = self.key in self.running
        rounds = self._rounds()
        self.pictures.show_result(self.verification(), rounds)
        result = self.pictures.result
        lines = self._headline(state)
        if len(rounds) > 1 and self.pictures.round != len(rounds) - 1:   # an earlier round's verdict
            lines.append(f"{rounds[self.pictures.round][0]} — {rounds[self.pictures.round][1]}")
        if result is None:
            lines.append(self.tr("Not checked yet.") if not busy else self.tr("Checking…"))
            self.changes.setText("")
        else:
            status = {"exact": self.tr("exact"), "rematched": self.tr("rematched")}.get(result.status, result.status)
            share = result.pixels.changed_percent if result.pixels is not None else 0.0
            word = self.tr("Changed") if result.changed else self.tr("No change")
            # checked_at is UTC ISO 8601: shown in local time, as the locale writes a short date and time
            lines.append(self.tr("{0} · {1} · {2} % of pixels changed · checked {3}").format(
                word, status, f"{share:.1f}", local_time(result.checked_at)))
            lines += [self.tr("Checking…")] if busy else []
            changes = [f"• {c.line()}" for c in result.changes]
            self.changes.setText("\n".join(changes) if changes else self.tr("No style, text or box change recorded."))
        self.verdict.setText("\n".join(lines))
        self.verdict.setToolTip(result.checked_at if result is not None else "")
        if state.status == "verified":   # accepted: an earlier check's failure is over
            self.hub.verify_errors.pop(self.key, None)
        failed = self.hub.verify_errors.get(self.key) if self.key not in self.running else None
        error = self.errors.get(self.key) or (
            self.tr("Could not complete: {0}: {1}").format(failed.name, failed.message) if failed is not None else "")
        step = getattr(failed, "next_step", "") if failed is not None and not self.errors.get(self.key) else ""
        if step:   # the registry's next step, as the agent gets it
            error += "\n" + self.tr("Next: {0}").format(step)
        self.error.setText(error)
        self.error.setVisible(bool(error))
        self.resize_button.setVisible(bool(step) and is_view_size(failed) and self._gap() is not None)
        reopened = state.status == "reopened"   # its follow-up carries it on: one follow-up, no Accept
        chosen = self.selected()   # no selected row: nothing to act on
        enabled = {self.check_button: chosen and not busy, self.resize_button: chosen and not busy,
                   self.accept_button: chosen and state.status != "verified" and not reopened,
                   self.reopen_button: chosen and not busy and not reopened,
                   self.follow_add: chosen and not busy and not reopened}
        self._keep_focus_here([b for b, on in enabled.items() if not on]
                              + ([self.follow_note, self.follow_add, self.follow_cancel] if reopened or not chosen else []))
        for button, on in enabled.items():
            button.setEnabled(on)
        if reopened or not chosen:
            self.follow_box.hide()
        self._fit_labels()

    def _keep_focus_here(self, leaving: list[QWidget]) -> None:
        """Before ``leaving`` (widgets about to be disabled or hidden) lose the keyboard focus, give it to this view:
        Qt passes a disabled or hidden focus widget's focus to the next in the chain (QWidget::setEnabled), which
        can be the page's view — the page then got a focus event and drew a focus ring on its first button, which
        a later after crop would show."""
        focused = QApplication.focusWidget()
        if focused is not None and focused in leaving:
            self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _gap(self):
        """:func:`app.ui.verify_resize.size_gap` of the shown row in the tab it was made in."""
        found = self.state()
        if found is None:
            return None
        return size_gap(tab_of(self.app, *self.key), found[0].batch.annotations[self.key[1] - 1], *self.key)

    def _rounds(self) -> list[tuple[str, str, Verification | None]]:
        """The shown row's thread for the picture pane's round toggle: ``(Round N, Annotation n of batch …, its
        last verification)`` per round, oldest first (:func:`app.agent.reopened.rounds_of`; N: the batch's
        round, as the batch rows' tooltips number them)."""
        store, out = self.hub.store, []
        for batch_id, number in rounds_of(store, *self.key):
            sent = store.get(batch_id)
            out.append((self.tr("Round {0}").format(store.batches.index(sent) + 1),
                        self.tr("Annotation {0} of batch {1}").format(number, batch_id),
                        verification_of(sent.annotations[number - 1])))
        return out

    def _fit_labels(self) -> None:
        """Wrapped labels ask for their whole height at the view's width (a QLabel's minimum size hint is one
        line's), so the panel's splitter gives them room instead of clipping the list of changes."""
        width = max(120, self.width() or 280)
        for label in (self.verdict, self.changes, self.error):
            label.setMinimumHeight(label.heightForWidth(width) if label.text() else 0)
        if self.frame is not None:   # once the labels' minimums are laid out (posted: after the layout's own)
            QTimer.singleShot(0, self, self._fit_frame)

    def _fit_frame(self) -> None:
        """Its whole height for the area it is shown in, as far as the panel has room (:func:`install_verify`)."""
        self.frame.setMinimumHeight(max(0, min(self.minimumSizeHint().height(), self.room())))

    def scroll_to(self, part: QWidget | None = None) -> None:
        """Scroll the area it is shown in to ``part`` (its top when ``None``), once the area has its new height
        (two posted turns: the area's minimum is set on the first, the splitter and the area lay out after it)."""
        if self.frame is None:
            return
        self._fit_labels()

        def scroll() -> None:
            if part is None:
                self.frame.verticalScrollBar().setValue(0)
            else:
                self.frame.ensureWidgetVisible(part, 0, 0)

        QTimer.singleShot(0, self, lambda: QTimer.singleShot(0, self, scroll))

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt virtual)
        super().resizeEvent(event)
        if self.key is not None:
            self._fit_labels()

    def shown_image(self) -> str:
        """Which picture the toggle shows: ``before``, ``after`` or ``diff``."""
        return self.pictures.shown_image()


def install_verify(panel, app) -> VerifyView | None:
    """Put a :class:`VerifyView` under ``panel``'s detail pane (:class:`app.ui.panel.AnnotationPanel`), shown for
    the selected sent annotation row and hidden for anything else. Returns it (also ``panel.verify``); ``None``
    for a panel without a hub (no sent batches)."""
    if panel.hub is None:
        return None
    view = VerifyView(app, panel.hub)
    # In a scroll area: the view asks for its whole height (its minimum) as far as the panel's splitter has room
    # for it, and scrolls past that — taking it all, opening Reopen's note box grew the panel's minimum and the
    # window with it (800 → 836 px offscreen), resizing the page under a capture in flight (CAPTURE_SIZE).
    area = QScrollArea(objectName="verifyScroll", widgetResizable=True, frameShape=QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(view)
    details = panel.detail.parentWidget()
    details.layout().insertWidget(1, area)
    view.frame = area
    area.setVisible(view.isVisibleTo(area))

    def room() -> int:
        """The most height the area can take from the panel's splitter without raising its minimum (the others
        at their minimums)."""
        split = panel.splitter
        others = sum(split.widget(i).minimumSizeHint().height() for i in range(split.count())
                     if split.widget(i) is not details)
        rest = details.minimumSizeHint().height() - area.minimumHeight()
        return split.height() - others - rest - split.handleWidth() * (split.count() - 1) - 4

    view.room = room
    panel.verify = view

    def sent_row(item, _previous=None) -> None:
        key = item.data(0, SENT_KEY_ROLE) if item is not None else None
        view.show_annotation(tuple(key) if key else None)

    def selected() -> bool:
        """Whether the shown row is the sent view's current row and selected (a Ctrl+click clears the selection
        and leaves the row current)."""
        item = panel.sent.currentItem()
        key = item.data(0, SENT_KEY_ROLE) if item is not None else None
        return view.key is not None and bool(key) and tuple(key) == view.key and item.isSelected()

    view.selected = selected
    panel.sent.currentItemChanged.connect(sent_row)
    panel.sent.itemSelectionChanged.connect(lambda: view.key is not None and view.refresh())
    # A click on the row already current (after a row of the list was shown) shows it again.
    panel.sent.itemClicked.connect(lambda item, _column: (panel._show_sent_detail(item), sent_row(item)))
    panel.sent.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    panel.sent.customContextMenuRequested.connect(lambda pos: _row_menu(panel, view, pos))
    panel.list.currentItemChanged.connect(lambda item, _p=None: item is not None and view.show_annotation(None))
    _follow_current_batch(app, panel.hub, view)
    return view


def _follow_current_batch(app, hub, view: VerifyView) -> None:
    """Keep the store's reopened annotations in step with ``app``'s current batch
    (:func:`app.agent.reopened.sync_reopened`: a follow-up deleted before Send gives its annotation back its
    earlier status) and the rows' "reopened as N" with its numbers, after each change of the batch and once now."""
    session = getattr(app, "batch_session", None)
    if session is None:
        return
    seen: dict = {}

    def follow() -> None:
        drafted = follow_ups(session)
        if sync_reopened(hub.store, session) or drafted != seen:
            seen.clear()
            seen.update(drafted)
            hub.changed()

    session.subscribe(follow)
    view.destroyed.connect(lambda *_: session.unsubscribe(follow))
    follow()


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

