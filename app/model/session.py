"""The batch being built in the app: pinned annotations with stable ids, in number order. No Qt.

Numbers are positions (1-based) in :attr:`Session.pins`, so they stay contiguous after a delete by
construction (issue #2 §2). Ids are the page-side element ids (``e1``, ``e2`` …) that markers are keyed by;
they are unique within a tab, so a batch that spans tabs names a pin by ``(id, tab)``: every method that takes
a ``pin_id`` takes ``tab`` too (``None``: the first pin with that id, whatever its tab). One batch serves a
window's tabs; :class:`app.model.tab_session.TabSession` is one tab's view of it.

This module is the batch: pins in number order (add, remove, move, archive), the note, the validated
:class:`~app.model.annotation.AnnotationBatch` and the page's marker list. What changes one pin's record after it
was pinned (the whole record, re-anchoring, the export's re-read, ``CSS:``, ``Source:``, screenshots) is
:class:`~app.model.pin_updates.PinUpdates`, which :class:`Session` inherits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from app.core.policy import NOTE_CAP
from app.model.annotation import Annotation, AnnotationBatch, ElementRecord, Rect
from app.model.pin_updates import PinUpdates
from app.model.text import note_overflow

@dataclass
class Pin:
    """One pinned annotation: the page-side element ``id``, the :class:`Annotation`, and the page it was
    made on (``page``: its URL without the fragment; SPA routes count as pages, issue #3 §8)."""

    id: str
    annotation: Annotation
    page: str = ""
    #: Code points of the typed note that the model cut to ``NOTE_CAP`` (0: kept whole; issue 9 §8).
    note_cut: int = 0
    #: The id of the tab it was made in (``""``: a batch of one tab); it stays after that tab closed.
    tab: str = ""
    #: Its element record is still being made (the pin shows at once from the element's box; the whole record
    #: follows: :meth:`Session.set_element`); a send waits until no pin is (issue 30, requirement 8).
    recording: bool = False


class Session(PinUpdates):
    """The current batch. Observers registered with :meth:`subscribe` are called after every change."""

    def __init__(self) -> None:
        self.pins: list[Pin] = []
        self.summary = ""
        #: Pin ids of batches already sent, by batch id, in annotation order: the page keeps those elements
        #: (without markers) so an agent can still ask for an element screenshot of a sent annotation.
        self.sent_ids: dict[str, list[str]] = {}
        #: The tab of each id in :attr:`sent_ids` (same order).
        self.sent_tabs: dict[str, list[str]] = {}
        #: The crop rectangle of each id in :attr:`sent_ids` (same order; :attr:`Annotation.crop_rect`: a
        #: region's, a group's union, ``None`` for an element's own box): a sent pin is no longer in the batch.
        self.sent_crops: dict[str, list[Rect | None]] = {}
        #: The tabs' views of this batch (:class:`app.model.tab_session.TabSession`), by tab id, in the order
        #: they were made; a closed tab's view stays while the batch holds its pins.
        self.views: dict = {}
        self._observers: list[Callable[[], None]] = []

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after each change."""
        self._observers.append(callback)

    def unsubscribe(self, callback: Callable[[], None]) -> None:
        """Stop calling ``callback`` (an observer whose owner goes away before the batch). Unknown: ignored."""
        if callback in self._observers:
            self._observers.remove(callback)

    def _changed(self) -> None:
        for callback in list(self._observers):
            callback()

    def number_of(self, pin_id: str, tab: str | None = None) -> int:
        """1-based number (batch-wide) of the pin with ``pin_id`` (in ``tab`` when given). Raises
        ``KeyError`` when there is none."""
        for i, pin in enumerate(self.pins, start=1):
            if pin.id == pin_id and (tab is None or pin.tab == tab):
                return i
        raise KeyError(pin_id)

    def get(self, pin_id: str, tab: str | None = None) -> Pin:
        """The pin with ``pin_id`` (in ``tab`` when given). Raises ``KeyError`` when there is none."""
        return self.pins[self.number_of(pin_id, tab) - 1]

    def add(self, pin_id: str, element: ElementRecord, note: str = "", page: str = "", tab: str = "",
            recording: bool = False) -> int:
        """Pin ``element`` under ``pin_id`` on ``page`` of ``tab`` (replacing the note if already pinned);
        return its number. ``recording``: ``element`` holds only where the element is; the whole record comes
        with :meth:`set_element`."""
        try:
            pin = self.get(pin_id, tab)
            pin.annotation = Annotation(note=note, element=element)
            pin.note_cut = note_overflow(note)
            pin.recording = recording
        except KeyError:
            self.pins.append(Pin(pin_id, Annotation(note=note, element=element), page, note_overflow(note), tab,
                                 recording))
        self._changed()
        return self.number_of(pin_id, tab)

    def recording(self) -> bool:
        """Whether some pin's element record is still being made (:attr:`Pin.recording`)."""
        return any(pin.recording for pin in self.pins)

    def set_note(self, pin_id: str, note: str, tab: str | None = None) -> None:
        """Replace the note of pin ``pin_id``. Raises ``KeyError`` when there is none."""
        pin = self.get(pin_id, tab)
        pin.annotation = pin.annotation.model_copy(update={"note": Annotation(note=note).note})
        pin.note_cut = note_overflow(note)
        self._changed()

    def pages(self) -> list[str]:
        """The pages of the batch, in order of their first annotation."""
        return list(dict.fromkeys(p.page for p in self.pins))

    def cut_notes(self) -> list[str]:
        """What the batch cuts to :data:`NOTE_CAP` (issue 9 §8: never silently), one sentence each, e.g.
        ``"annotation 2's note has 70,000 characters; the batch cuts it to 64,000, ending in a [truncated]
        line"``. Empty when every note and the summary are whole."""
        cuts = [("the overall note", note_overflow(self.summary))]
        cuts += [(f"annotation {n}'s note", p.note_cut) for n, p in enumerate(self.pins, start=1)]
        return [f"{what} has {NOTE_CAP + over:,} characters; the batch cuts it to {NOTE_CAP:,}, ending in a "
                "[truncated] line" for what, over in cuts if over]

    def remove(self, pin_id: str, tab: str | None = None) -> None:
        """Delete pin ``pin_id`` (of ``tab`` when given; else every pin with that id); later pins move up one
        number. Unknown ids are ignored."""
        self.pins = [p for p in self.pins if not (p.id == pin_id and (tab is None or p.tab == tab))]
        self._changed()

    def remove_tab(self, tab: str) -> int:
        """Delete every pin made in ``tab`` (its notes were discarded); returns how many went."""
        before = len(self.pins)
        self.pins = [p for p in self.pins if p.tab != tab]
        if len(self.pins) != before:
            self._changed()
        return before - len(self.pins)

    def retab(self, old: str, new: str) -> int:
        """The pins made in tab ``old`` (closed) now belong to tab ``new`` (their page re-opened there); returns
        how many moved."""
        moved = [p for p in self.pins if p.tab == old]
        for pin in moved:
            pin.tab = new
        if moved:
            self._changed()
        return len(moved)

    def move(self, pin_id: str, index: int, tab: str | None = None) -> None:
        """Move pin ``pin_id`` to position ``index`` (0-based, clamped to the list); the numbers follow the
        new order (they are positions). Raises ``KeyError`` when there is no such pin."""
        pin = self.get(pin_id, tab)
        self.pins.remove(pin)
        self.pins.insert(max(0, min(index, len(self.pins))), pin)
        self._changed()

    def set_summary(self, text: str) -> None:
        """Set the batch's overall note."""
        self.summary = text
        self._changed()

    def clear(self) -> None:
        """Remove every pin and the overall note."""
        self.pins = []
        self.summary = ""
        self._changed()

    def archive(self, batch_id: str) -> None:
        """The current pins were sent as ``batch_id``: remember their ids, then clear the editor."""
        self.sent_ids[batch_id] = [p.id for p in self.pins]
        self.sent_tabs[batch_id] = [p.tab for p in self.pins]
        self.sent_crops[batch_id] = [p.annotation.crop_rect for p in self.pins]
        self.clear()

    def kept_ids(self, tab: str | None = None) -> list[str]:
        """Ids of sent annotations whose elements the page should keep (no marker): those made in ``tab``
        when given."""
        return [pin_id for batch_id, ids in self.sent_ids.items()
                for pin_id, made_in in zip(ids, self.sent_tabs.get(batch_id, [""] * len(ids)))
                if tab is None or made_in == tab]

    def batch(self, screenshot: str = "", screenshot_clean: str = "", screenshot_error: str = "",
              page_shots: Mapping[str, tuple[str, str]] | None = None) -> AnnotationBatch:
        """The validated batch (caps applied).

        Either the caller names the batch's screenshot — absolute PNG paths for ``Screenshot:`` and
        ``Screenshot (clean):``, or ``screenshot_error`` (``"CODE — reason"``) when it failed — for a batch it
        knows is on one page (``pagenote capture``); or it hands ``page_shots``: ``{page: (path, clean
        path)}``, each page's latest screenshot, oldest first (``clean path`` empty when ``path`` is clean).
        Then (issue 9 §9): when the pins are on one page (pins of unknown page ``""`` aside), that page's
        screenshot is the batch's — the latest screenshot when no pin has a known page — and a screenshot of
        another page is not listed; when they span pages, the batch has no screenshot and each annotation
        gets its own page's as ``page_screenshot``/``page_screenshot_clean``. ``ValueError`` when both ways
        are used."""
        annotations = [p.annotation for p in self.pins]
        if page_shots:
            if screenshot or screenshot_clean or screenshot_error:
                raise ValueError("give the batch's screenshot or page_shots, not both")
            pages = list(dict.fromkeys(p.page for p in self.pins if p.page))
            if len(pages) > 1:
                for i, pin in enumerate(self.pins):
                    path, clean = page_shots.get(pin.page, ("", ""))
                    shots = Annotation(page_screenshot=path, page_screenshot_clean=clean)
                    annotations[i] = annotations[i].model_copy(update={
                        "page_screenshot": shots.page_screenshot,
                        "page_screenshot_clean": shots.page_screenshot_clean})
            else:
                page = pages[0] if pages else list(page_shots)[-1]
                screenshot, screenshot_clean = page_shots.get(page, ("", ""))
        return AnnotationBatch(summary=self.summary, screenshot=screenshot, screenshot_clean=screenshot_clean,
                               screenshot_error=screenshot_error, annotations=tuple(annotations))

    def markers(self, selected: str | None = None, page: str | None = None, tab: str | None = None) -> list[dict]:
        """The page-side marker list ``[{"id", "n", "selected", "anchor"}]`` in number order — only the pins
        of ``page`` (and pins of no known page) when given, only those made in ``tab`` when given (numbers
        stay batch-wide). ``anchor`` is what the page needs to find the element again (locators, role,
        accessible name, text, nearby text, tag, and ``alike``: how many look-alikes it had when pinned,
        :attr:`ElementRecord.look_alikes`) and how its record measured it (``box``). A region has no
        element to find again: no ``anchor``, its ``rect`` (document CSS px) instead, where the page draws its
        marker when it has no element for it (after a reload).
        A group's marker carries ``members`` too: ``[{"locators"}]`` of its other elements, which the page
        outlines with the first (one badge); a text range's ``selection`` ``{"start", "end"}``, its offsets in its
        element's ``textContent``, whose words the page reports (app/core/mark_layout.py)."""
        return [{"id": p.id, "n": i, "selected": p.id == selected, **_place(p.annotation)}
                for i, p in enumerate(self.pins, start=1)
                if (page is None or p.page in (page, "")) and (tab is None or p.tab == tab)]


def _place(annotation: Annotation) -> dict:
    """How the page finds a marker's place: ``{"rect"}`` for a region, else ``{"anchor"}`` (:meth:`Session.markers`)."""
    if annotation.region is not None:
        return {"rect": annotation.region.rect.model_dump()}
    anchor = annotation.anchor
    place = {"anchor": {"locators": list(anchor.locators), "role": anchor.role, "name": anchor.accessible_name,
                        "text": anchor.text, "nearby": anchor.nearby_context, "tag": anchor.tag, "box": anchor.box,
                        "alike": anchor.look_alikes}}
    if annotation.elements[1:]:   # a group: its other members, outlined with the first (one badge)
        place["members"] = [{"locators": list(e.locators)} for e in annotation.elements[1:]]
    if annotation.selection is not None:   # a text range: the page highlights its words
        place["selection"] = {"start": annotation.selection.start, "end": annotation.selection.end}
    return place
