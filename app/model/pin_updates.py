"""What changes one pinned annotation's record after the pin, in the batch (:class:`~app.model.session.Session`):
the whole element record once it is made, re-anchoring statuses (exact / rematched / stale with the page's
candidates), the re-read right before an export (issue 9 §4), the ``CSS:`` rules and the mapped ``Source:``
line that arrive later, the frozen state and the element crop (or why it was not taken). No Qt.

A mixin of :class:`~app.model.session.Session`: every method finds its pin with the session's ``get`` (by id, and
``tab`` when given) and tells the session's observers with its ``_changed``.
"""

from __future__ import annotations

from app.core.policy import STATUS_EXACT, STATUS_REMATCHED, STATUS_STALE
from app.model.annotation import KIND_GROUP, KIND_REGION, Annotation, ElementRecord

#: The record fields that say where an element is (and whether it is shown: ``display`` goes with ``box``, so
#: a node hidden after the pin reads ``Display: none`` beside ``Rect: none (hidden)``), re-read from the live
#: node before an export (issue 9 §4), with the words ``Refreshed:`` names them by.
LOCATION_FIELDS = (("selector", "selector"), ("locators", "locators"), ("xpath", "XPath"), ("rect", "rect"),
                   ("box", "box"), ("display", "display"))


#: Kinds whose ``element`` is their page (URL, title), not the element their marker sits on: re-anchoring and
#: the export's re-read change their status only.
PAGE_KINDS = (KIND_REGION, KIND_GROUP)


class PinUpdates:
    """Updates of one pin's record; see the module docstring."""

    def set_element(self, pin_id: str, element: ElementRecord | None, tab: str | None = None) -> None:
        """End pin ``pin_id``'s recording (:attr:`~app.model.session.Pin.recording`): its element record becomes
        ``element``, or stays the box-only one when ``None`` (the page could not make it: the node left, the frame
        went). Unknown ids are ignored."""
        try:
            pin = self.get(pin_id, tab)
        except KeyError:
            return
        if element is not None:
            pin.annotation = pin.annotation.model_copy(update={"element": element})
        pin.recording = False
        self._changed()

    def set_source(self, pin_id: str, source: str, before: str, tab: str | None = None) -> None:
        """Set pin ``pin_id``'s element ``source`` line to ``source`` when it is still ``before`` (its source
        lines are mapped after the pin: app.webview.source_lines). Unknown ids are ignored."""
        try:
            pin = self.get(pin_id, tab)
        except KeyError:
            return
        element = pin.annotation.element
        if element is None or element.source != before or source == before:
            return
        pin.annotation = pin.annotation.model_copy(update={"element": element.model_copy(update={"source": source})})
        self._changed()

    def set_anchor(self, pin_id: str, status: str, element: ElementRecord | None = None, reason: str = "",
                   tab: str | None = None, candidates: object = ()) -> None:
        """Record a re-anchoring result for pin ``pin_id``: ``status`` ``exact`` (→ ``""``), ``rematched``
        (with the refreshed ``element``) or ``stale`` (with its ``reason``, e.g. ``ambiguous: 5 candidates``;
        issue 9 §4, and the page's ``candidates``: selectors, :func:`candidate_selectors`). Unknown ids are
        ignored."""
        try:
            pin = self.get(pin_id, tab)
        except KeyError:
            return
        if pin.annotation.kind == KIND_REGION:  # a region is its rectangle: there is no element to lose
            return
        update: dict = {"status": "" if status == STATUS_EXACT else status,
                        "status_reason": reason if status == STATUS_STALE else "",
                        "candidates": candidate_selectors(candidates) if status == STATUS_STALE else ()}
        if element is not None and pin.annotation.kind not in PAGE_KINDS:
            # The annotation stays on the page it was made on: keep its URL and frame chain (the refreshed
            # record's URL may carry the fragment of the moment).
            old = pin.annotation.element
            update["element"] = element.model_copy(update={"url": old.url, "frame": element.frame or old.frame,
                                                           "css": element.css or old.css,
                                                           "css_cross_origin": element.css_cross_origin
                                                           or old.css_cross_origin})
        if all(getattr(pin.annotation, k) == v for k, v in update.items()):
            return
        pin.annotation = pin.annotation.model_copy(update=update)
        self._changed()

    def refresh(self, pin_id: str, status: str, element: ElementRecord | None = None, reason: str = "",
                when: str = "", tab: str | None = None, candidates: object = ()) -> list[str]:
        """Record what the page says about pin ``pin_id`` right before an export (issue 9 §4): ``stale`` (with
        its ``reason`` and ``candidates``; the record is left as it was pinned), else the live ``element``: for
        ``rematched`` the whole record (the node was replaced), for ``exact`` its location fields
        (:data:`LOCATION_FIELDS`: selector, locators, XPath, rect, box, display). When they changed,
        ``Annotation.refreshed`` becomes ``"<when>: selector, rect changed"`` (``when``: an ISO 8601 UTC time).
        Returns the names of the fields that changed (empty for an unknown id or no change)."""
        try:
            pin = self.get(pin_id, tab)
        except KeyError:
            return []
        if pin.annotation.kind in PAGE_KINDS and status != STATUS_STALE:  # the status only (PAGE_KINDS)
            self.set_anchor(pin_id, status, None, reason, tab)
            return []
        if status == STATUS_STALE or element is None:
            self.set_anchor(pin_id, STATUS_STALE, None, reason, tab, candidates)
            return []
        old = pin.annotation.element
        if status == STATUS_REMATCHED:
            # The node was replaced by one with the same role, name and text: the same component rendered it,
            # so the pin-time Source: line (read from the page's dev build, not part of a re-read) is kept.
            new = element.model_copy(update={"url": old.url, "frame": element.frame or old.frame,
                                             "source": element.source or old.source,
                                             "look_alikes": element.look_alikes or old.look_alikes,
                                             "css": element.css or old.css,
                                             "css_cross_origin": element.css_cross_origin or old.css_cross_origin})
        else:
            new = old.model_copy(update={attr: getattr(element, attr) for attr, _ in LOCATION_FIELDS})
            new = ElementRecord.model_validate(new.model_dump())  # the box/rect rule checked once more
        if pin.annotation.state == "frozen" and old.rect is not None:
            # Made on a frozen page: its rect (and the box kind measured with it) stay that moment's, the
            # one its screenshots show, when the page moves again.
            new = new.model_copy(update={"rect": old.rect, "box": old.box})
        changed = [word for attr, word in LOCATION_FIELDS if getattr(old, attr) != getattr(new, attr)]
        update: dict = {"element": new, "status": "" if status == STATUS_EXACT else status, "status_reason": ""}
        if changed:
            update["refreshed"] = f"{when}: {', '.join(changed)} changed" if when else f"{', '.join(changed)} changed"
        if any(getattr(pin.annotation, k) != v for k, v in update.items()):
            pin.annotation = pin.annotation.model_copy(update=update)
            self._changed()
        return changed

    def set_css(self, pin_id: str, selector: str, rules: tuple, cross_origin: int, hidden: bool = False,
                tab: str | None = None) -> bool:
        """Give pin ``pin_id``'s element record its ``CSS:`` rules (:class:`~app.model.css.CssRule` s and the
        count of cross-origin ones; issue 29, requirement 2), read after the pin showed, when the pin still
        points at the element whose ``selector`` was looked up (an element or text annotation); ``hidden``: the
        page's text in them held invisible characters (the record's ``hidden_chars`` then says so). Returns
        whether it did; unknown ids: False."""
        try:
            pin = self.get(pin_id, tab)
        except KeyError:
            return False
        element = pin.annotation.element
        if pin.annotation.kind in PAGE_KINDS or element.selector != selector:
            return False
        new = ElementRecord.model_validate({**element.model_dump(), "css": rules, "css_cross_origin": cross_origin,
                                            "hidden_chars": element.hidden_chars or hidden})
        if new != element:
            pin.annotation = pin.annotation.model_copy(update={"element": new})
            self._changed()
        return True

    def set_state(self, pin_id: str, state: str, tab: str | None = None) -> None:
        """Set pin ``pin_id``'s :attr:`~app.model.annotation.Annotation.state` (``"frozen"`` or ``""``).
        Raises ``KeyError`` when there is none, ``ValidationError`` for another state."""
        pin = self.get(pin_id, tab)
        pin.annotation = Annotation.model_validate({**pin.annotation.model_dump(), "state": state})
        self._changed()

    def set_screenshot(self, pin_id: str, path: str, tab: str | None = None) -> None:
        """Attach an element crop (absolute path) to pin ``pin_id``, replacing a recorded failure. Raises
        ``KeyError`` when there is none."""
        pin = self.get(pin_id, tab)
        pin.annotation = pin.annotation.model_copy(update={"screenshot": Annotation(screenshot=path).screenshot,
                                                           "screenshot_error": ""})
        self._changed()

    def set_screenshot_error(self, pin_id: str, code: str, message: str, tab: str | None = None) -> None:
        """Record that pin ``pin_id``'s crop was not taken: registry name ``code`` and ``message`` (issue 9 §5;
        the Markdown line reads ``Screenshot: [not taken: CODE — message]``). Replaces an earlier crop path.
        Raises ``KeyError`` when there is no such pin."""
        pin = self.get(pin_id, tab)
        reason = Annotation(screenshot_error=f"{code} — {message}").screenshot_error
        pin.annotation = pin.annotation.model_copy(update={"screenshot": "", "screenshot_error": reason})
        self._changed()


#: At most this many candidates are kept for an ambiguous annotation (app/picker_js/anchors.js keeps as many).
CANDIDATES_MAX = 10


def candidate_selectors(candidates: object) -> tuple[str, ...]:
    """The page's ``candidates`` of an ambiguous annotation as :attr:`Annotation.candidates`: the strings that
    are one line of at most 1,000 code points, at most :data:`CANDIDATES_MAX`; anything else (the page is not
    trusted) gives ``()``."""
    if not isinstance(candidates, (list, tuple)):
        return ()
    return tuple(c for c in candidates if isinstance(c, str) and c and len(c) <= 1000
                 and not any(ch in c for ch in "\r\n\u2028\u2029"))[:CANDIDATES_MAX]
