"""One tab's view of a window's batch: the tab's annotations in a :class:`~app.model.session.Session` that
spans every tab of the window. No Qt.

A window holds one batch (numbers 1..N across its tabs; Copy, Save and Send hand over all of it); each
annotation remembers the tab and page it was made on. The parts of a tab (its annotator, its annotation
mode, its captures) work on :class:`TabSession`, which has the :class:`Session` methods they use with the
tab fixed: ``pins`` are the tab's pins (page-side ids, unique within the tab), numbers are batch-wide,
markers are the tab's only. What belongs to the batch as a whole — the summary, ``batch()``, ``clear()``,
``archive()``, ``cut_notes()`` — acts on the whole batch.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from app.model.annotation import AnnotationBatch, ElementRecord, Rect
from app.model.session import Pin, Session


class TabSession:
    """Tab ``tab``'s view of ``shared`` (registered in ``shared.views``). ``shots`` is the tab's
    ``{page: (path, clean path)}`` of latest screenshots (the tab's capture part sets its own dict here);
    ``reread`` is the tab's coroutine that re-reads its pins from the live page before an export
    (``None`` once the tab closed); ``lease``/``url`` describe the tab for the draft journal."""

    def __init__(self, shared: Session, tab: str) -> None:
        self.shared, self.tab = shared, tab
        self.shots: dict[str, tuple[str, str]] = {}
        self.reread: Callable[[], Awaitable[object]] | None = None
        self.open = True
        self.lease = ""
        #: The emulated device and viewport annotations made now record (``Annotation.emulated``; set by
        #: :mod:`app.tabs.emulation`), ``""`` when none.
        self.emulated = ""
        self._observers: list[Callable[[], None]] = []
        shared.views[tab] = self

    # -- the tab's pins ---------------------------------------------------------------------------------------

    @property
    def pins(self) -> list[Pin]:
        """The tab's pins, in number order (the :class:`Pin` objects of the batch)."""
        return [p for p in self.shared.pins if p.tab == self.tab]

    def number_of(self, pin_id: str) -> int:
        """Batch-wide number of the tab's pin ``pin_id``. Raises ``KeyError``."""
        return self.shared.number_of(pin_id, self.tab)

    def get(self, pin_id: str) -> Pin:
        """The tab's pin ``pin_id``. Raises ``KeyError``."""
        return self.shared.get(pin_id, self.tab)

    def add(self, pin_id: str, element: ElementRecord, note: str = "", page: str = "",
            recording: bool = False) -> int:
        """:meth:`Session.add` in this tab; returns the batch-wide number. Made while the tab emulates a
        viewport (:attr:`emulated`), the annotation records it."""
        number = self.shared.add(pin_id, element, note, page, self.tab, recording)
        if self.emulated:
            pin = self.get(pin_id)
            pin.annotation = type(pin.annotation).model_validate({**pin.annotation.model_dump(),
                                                                   "emulated": self.emulated})
            self.shared._changed()  # observers (the panel) see the annotation as kept
        return number

    def set_note(self, pin_id: str, note: str) -> None:
        self.shared.set_note(pin_id, note, self.tab)

    def set_element(self, pin_id: str, element: ElementRecord | None) -> None:
        self.shared.set_element(pin_id, element, self.tab)

    def set_source(self, pin_id: str, source: str, before: str) -> None:
        self.shared.set_source(pin_id, source, before, self.tab)

    def set_anchor(self, pin_id: str, status: str, element: ElementRecord | None = None, reason: str = "",
                   candidates: object = ()) -> None:
        self.shared.set_anchor(pin_id, status, element, reason, self.tab, candidates)

    def refresh(self, pin_id: str, status: str, element: ElementRecord | None = None, reason: str = "",
                when: str = "", candidates: object = ()) -> list[str]:
        return self.shared.refresh(pin_id, status, element, reason, when, self.tab, candidates)

    def set_css(self, pin_id: str, selector: str, rules: tuple, cross_origin: int, hidden: bool = False) -> bool:
        return self.shared.set_css(pin_id, selector, rules, cross_origin, hidden, self.tab)

    def set_screenshot(self, pin_id: str, path: str) -> None:
        self.shared.set_screenshot(pin_id, path, self.tab)

    def set_state(self, pin_id: str, state: str) -> None:
        self.shared.set_state(pin_id, state, self.tab)

    def set_screenshot_error(self, pin_id: str, code: str, message: str) -> None:
        self.shared.set_screenshot_error(pin_id, code, message, self.tab)

    def remove(self, pin_id: str) -> None:
        self.shared.remove(pin_id, self.tab)

    def move(self, pin_id: str, index: int) -> None:
        """Move the tab's pin ``pin_id`` to batch position ``index`` (0-based)."""
        self.shared.move(pin_id, index, self.tab)

    def pages(self) -> list[str]:
        """The tab's pages, in order of their first annotation."""
        return list(dict.fromkeys(p.page for p in self.pins))

    def markers(self, selected: str | None = None, page: str | None = None) -> list[dict]:
        """The tab's markers (of ``page`` when given), numbered batch-wide."""
        return self.shared.markers(selected, page, self.tab)

    def kept_ids(self) -> list[str]:
        """Ids of the tab's sent annotations whose elements its page keeps."""
        return self.shared.kept_ids(self.tab)

    @property
    def sent_ids(self) -> dict[str, list[str]]:
        """Each sent batch's annotation ids in number order, ``""`` for those made in another tab."""
        return {batch_id: [pin_id if made_in == self.tab else "" for pin_id, made_in in
                           zip(ids, self.shared.sent_tabs.get(batch_id, [self.tab] * len(ids)))]
                for batch_id, ids in self.shared.sent_ids.items()}

    def sent_crop(self, batch_id: str, pin_id: str) -> Rect | None:
        """The crop rectangle kept for the tab's sent pin ``pin_id`` of batch ``batch_id`` (``None``: its
        element's box). Raises ``KeyError`` when that batch has no such pin of this tab."""
        for index, (sent_id, made_in) in enumerate(zip(self.shared.sent_ids[batch_id],
                                                       self.shared.sent_tabs[batch_id], strict=True)):
            if sent_id == pin_id and made_in == self.tab:
                return self.shared.sent_crops[batch_id][index]
        raise KeyError(pin_id)

    def batch_ids(self) -> list[str]:
        """The current batch's ids in number order, ``""`` for annotations made in another tab."""
        return [p.id if p.tab == self.tab else "" for p in self.shared.pins]

    # -- the whole batch --------------------------------------------------------------------------------------

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after each change of the batch, until :meth:`detach`."""
        self._observers.append(callback)
        self.shared.subscribe(callback)

    def detach(self) -> None:
        """The tab closed: its parts stop observing the batch (its pins stay in it), it re-reads nothing."""
        for callback in self._observers:
            self.shared.unsubscribe(callback)
        self._observers.clear()
        self.reread, self.open = None, False

    @property
    def summary(self) -> str:
        return self.shared.summary

    def set_summary(self, text: str) -> None:
        self.shared.set_summary(text)

    def cut_notes(self) -> list[str]:
        return self.shared.cut_notes()

    def clear(self) -> None:
        """Clear the whole batch (every tab's annotations and the summary)."""
        self.shared.clear()

    def archive(self, batch_id: str) -> None:
        """The whole batch was sent as ``batch_id``."""
        self.shared.archive(batch_id)

    def batch(self, screenshot: str = "", screenshot_clean: str = "", screenshot_error: str = "",
              page_shots: Mapping[str, tuple[str, str]] | None = None) -> AnnotationBatch:
        """The whole batch (:meth:`Session.batch`); without a screenshot named, with every tab's latest
        screenshot of each page (:func:`page_shots`)."""
        if screenshot or screenshot_clean or screenshot_error or page_shots is not None:
            return self.shared.batch(screenshot, screenshot_clean, screenshot_error, page_shots)
        return self.shared.batch(page_shots=page_shots_of(self.shared))


def page_shots_of(shared: Session) -> dict[str, tuple[str, str]]:
    """The latest screenshot of each page over every tab's view of ``shared`` (a page shot in two tabs: the
    later tab's)."""
    out: dict[str, tuple[str, str]] = {}
    for view in shared.views.values():
        out.update(view.shots)
    return out


def forget_shots(shared: Session) -> None:
    """Drop every tab's screenshot lines (after Send or Clear)."""
    for view in shared.views.values():
        view.shots.clear()


async def reread_all(shared: Session) -> None:
    """Re-read every open tab's pins from its live page (before an export); a tab that fails keeps its records."""
    for view in list(shared.views.values()):
        if view.reread is not None:
            await view.reread()
