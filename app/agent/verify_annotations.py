"""Verifying sent annotations in the page (issue 31, requirements 1, 4 and 5): ``annotations.verify(batch,
annotation?)`` on the agent socket, and the same check run by itself when an agent marks an annotation
``resolved`` (``annotations.ack``) — at once, and again when its page next changes (:mod:`app.agent.verify_follow`).

One annotation's verification (:func:`verify_annotation`), in order — the first step that fails raises a
registry error and nothing is kept:

1. the batch was sent (``NOT_FOUND``) and has that annotation (``NOT_FOUND``);
2. the tab it was made in (else the active tab) has finished loading (``PAGE_LOADING`` …), shows the page it was
   made on — same origin and path (``VERIFY_OTHER_PAGE``) — and emulates the same device and viewport, at the
   page zoom and (nothing emulated) view size of its before crop (``VERIFY_DEVICE_CHANGED``: Chromium snaps
   borders and sizes to device pixels, so at 125 % an untouched 1px border reads 0.8px; a narrower window moves a
   centred element);
3. its before crop, taken at pin time and kept with the batch (:mod:`app.tabs.before_crops`), is on disk
   (``VERIFY_NO_BEFORE``);
4. its element is found again from its recorded anchor by the page's re-anchoring (anchors.js: ``exact`` or
   ``rematched``; ``stale`` is ``VERIFY_STALE``, never compared with a look-alike) — a region is its rectangle;
5. an *after* crop of the same box at the same scale and margin (:func:`~app.tabs.before_crops.box_crop`;
   ``CAPTURE_*`` errors), compared with the before crop aligned by the element's box
   (:func:`app.compare.aligned.compare_aligned`), and the element's record now against the one sent
   (:func:`app.model.verification.record_changes`).

The result (:class:`~app.model.verification.Verification`) is kept with the annotation in the batch store
(``verification``), its images in ``annotations/sent/<batch id>/``. The panel's Check calls
:func:`verify_annotation` the same way.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from app.compare.aligned import compare_aligned
from app.compare.images import open_image
from app.core.errors import PagenoteError
from app.model.annotation import KIND_REGION, Annotation, ElementRecord
from app.model.batch_folder import SENT_DIR, kept_picture
from app.model.fields import page_line
from app.model.verification import PixelDiff, Verification, record_changes
from app.sinks import stamp
from app.tabs.before_crops import batch_dir, box_crop, read_before, save_png, view_size

log = logging.getLogger("pagenote.verify")


class VerifyParams(BaseModel):
    """``annotations.verify``: a sent ``batch`` id, and one ``annotation`` number (1-based; all when left out)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    batch: StrictStr
    annotation: StrictInt | None = Field(default=None, ge=1)


def _page(url: str) -> tuple[str, str, str]:
    """``(scheme, host:port, path)`` of ``url``: what must match for the annotation's page to be the tab's."""
    parts = urlsplit(url)
    return parts.scheme, parts.netloc.rpartition("@")[2], parts.path or "/"


def _tab_of(app, store_batch_id: str, number: int):
    """The open tab annotation ``number`` of batch ``store_batch_id`` was made in, and its pin id there;
    else the active tab and ``""``."""
    for tab in getattr(app, "tabs", []) or []:
        ids = tab.session.sent_ids.get(store_batch_id)
        if ids and len(ids) >= number and ids[number - 1]:
            return tab, ids[number - 1]
    return app.active_tab, ""


def _anchor(annotation: Annotation) -> dict:
    """What the page's re-anchoring finds the element by (as :meth:`app.model.session.Session.markers` sends),
    with ``relabel``: the fix may have changed the element's words, so the one element its own id or test id
    names, of the recorded tag and role, is it (anchors.js ``relabelled``) — not stale."""
    a = annotation.anchor
    return {"locators": list(a.locators), "role": a.role, "name": a.accessible_name, "text": a.text,
            "nearby": a.nearby_context, "tag": a.tag, "box": a.box, "relabel": True}


def _before(project_dir: Path, batch_id: str, number: int) -> dict:
    meta = read_before(project_dir, batch_id).get(number)
    if meta is None:
        raise PagenoteError("VERIFY_NO_BEFORE", f"no before crop was kept for annotation {number} of batch "
                            f"{batch_id} (it was not pinned in this window, e.g. sent by an agent)")
    if "error" in meta:
        raise PagenoteError("VERIFY_NO_BEFORE", f"annotation {number}'s before crop failed at pin time: "
                            f"{meta['error']}")
    if not Path(meta.get("path", "")).is_file():
        raise PagenoteError("VERIFY_NO_BEFORE", f"annotation {number}'s before crop {meta.get('path')} was "
                            "deleted from disk")
    # before.json is a file in the project (a cloned repository may bring one): only a crop in the batch's own
    # folder, links resolved, is read — never a picture elsewhere handed back to an agent (the one rule:
    # app.model.batch_folder.kept_picture).
    if not kept_picture(str(meta["path"]), project_dir / SENT_DIR, batch_id):
        raise PagenoteError("VERIFY_NO_BEFORE", f"annotation {number}'s before crop is not in its batch's folder "
                            f"{batch_dir(project_dir, batch_id)}: not read")
    return meta


async def _after_record(tab, pin_id: str, batch_id: str, number: int, annotation: Annotation):
    """``(status, page id, frame chain, record now)`` of the annotation's element, re-anchored in the page.
    Raises ``VERIFY_STALE`` and the bridge's errors."""
    if pin_id:
        route, page_id = tab.annotator.target(pin_id)
    else:   # a batch whose pins this window never had (sent before a restart): a fresh id for the page
        route, page_id = tab.annotator.target("")[0], f"verify-{batch_id}-{number}"
    answer = await tab.bridge.call("reanchor", page_id, _anchor(annotation), frame=route.frame)
    found = answer.get(page_id) if isinstance(answer, dict) else None
    if not isinstance(found, dict) or found.get("status") == "stale" or not isinstance(found.get("record"), dict):
        reason = (found or {}).get("reason") or "not found on this page"
        raise PagenoteError("VERIFY_STALE", f"annotation {number}'s element is stale ({reason}): not compared")
    try:
        record = ElementRecord.model_validate(found["record"])
    except ValueError as exc:
        raise PagenoteError("VERIFY_STALE", f"annotation {number}'s element sent a bad record: {exc}") from None
    return found.get("status") or "exact", page_id, route.chain, record


def _bounded(rect, scale: float, number: int) -> None:
    """Raise ``CAPTURE_TOO_LARGE`` when the after crop of ``rect`` (CSS px, with its margin) at ``scale`` image px
    per CSS px would hold more than :data:`app.capture.reference.MAX_PIXELS` — what pagenote accepts as a picture
    at all (an element a fix gone wrong made 48,000 px tall): nothing is cropped, nothing kept."""
    from app.capture.reference import MAX_PIXELS
    from app.tabs.before_crops import MARGIN

    if rect is None:
        return
    width, height = (rect.width + 2 * MARGIN) * scale, (rect.height + 2 * MARGIN) * scale
    if width * height > MAX_PIXELS:
        raise PagenoteError("CAPTURE_TOO_LARGE", f"annotation {number}'s element is {rect.width:g}x{rect.height:g} "
                            f"CSS px now: its after crop would be {width * height / 1e6:.0f} MP, more than "
                            f"{MAX_PIXELS // 1_000_000} MP; not compared",
                            "check the element's size in the page (a fix may have made it grow without bound)")


def _compare(before_path: str, before_box, crop, out: Path, number: int) -> tuple[PixelDiff, str, str]:
    """Blocking: the aligned compare, the after and diff PNGs written to ``out``. Returns ``(pixels, after
    path, diff path)``."""
    before = open_image(before_path, what="before crop")
    after, box = crop.image, crop.box
    when = stamp()
    compared = compare_aligned(before, tuple(before_box), after, box)
    after_path, diff_path = out / f"a{number}-after-{when}.png", out / f"a{number}-diff-{when}.png"
    save_png(after, after_path)
    save_png(compared.diff, diff_path)
    r = compared.result
    pixels = PixelDiff(changed_percent=round(r.changed_percent, 2), changed_pixels=r.changed_pixels,
                       total_pixels=r.total_pixels, regions=len(r.regions), before_size=before.size,
                       after_size=after.size)
    return pixels, str(after_path), str(diff_path)


#: The follow of each batch store's resolved annotations (:class:`app.agent.verify_follow.ResolvedFollow`),
#: told when a verification is asked for.
FOLLOWS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


async def verify_annotation(app, store, batch_id: str, number: int) -> Verification:
    """Verify annotation ``number`` of sent batch ``batch_id`` (module docstring for the steps and errors) in
    ``app``'s tabs, keep the result in ``store`` and return it: the agent's ``annotations.verify`` and the panel's
    Check. Asked for, it ends the follow of a resolved annotation (:meth:`ResolvedFollow.drop
    <app.agent.verify_follow.ResolvedFollow.drop>`)."""
    follow = FOLLOWS.get(store)
    if follow is not None:
        follow.drop(batch_id, number)
    return await checked(app, store, batch_id, number)


async def checked(app, store, batch_id: str, number: int) -> Verification:
    """:func:`verify_annotation`'s steps, leaving the follow alone (the follow's own verifications)."""
    try:
        sent = store.get(batch_id)
    except KeyError:
        raise PagenoteError("NOT_FOUND", f"batch {batch_id!r} was never sent",
                            "call list_batches (annotations.list) for the sent batches' ids") from None
    count = len(sent.batch.annotations)
    if not 1 <= number <= count:
        raise PagenoteError("NOT_FOUND", f"there is no annotation {number} in batch {batch_id}",
                            f"that batch has annotations 1..{count}" if count else "that batch has no annotations")
    annotation = sent.batch.annotations[number - 1]
    tab, pin_id = _tab_of(app, batch_id, number)
    if tab is None:
        raise PagenoteError("NO_PAGE", "no tab is open")
    await tab.settled()
    here, there = page_line(tab.page.url().toString()), annotation.element.url   # credentials redacted
    if _page(here) != _page(there):
        what = "origin" if _page(here)[:2] != _page(there)[:2] else "page"
        raise PagenoteError("VERIFY_OTHER_PAGE", f"annotation {number} was made on {there}; the tab shows "
                            f"another {what}: {here}")
    if annotation.emulated != tab.session.emulated:
        raise PagenoteError("VERIFY_DEVICE_CHANGED", f"annotation {number} was made at "
                            f"{annotation.emulated or 'no emulation'}; the tab is at "
                            f"{tab.session.emulated or 'no emulation'} now")
    if pin_id:
        await tab.before.pending(pin_id)   # a crop still being taken when the batch was sent
    project_dir = tab.capture.project_dir
    meta = _before(project_dir, batch_id, number)
    zoom = tab.view.zoomFactor() or 1.0
    if abs(float(meta.get("zoom", zoom)) - zoom) > 1e-6:   # Chromium snaps borders and sizes to device px
        raise PagenoteError("VERIFY_DEVICE_CHANGED", f"annotation {number} was pinned at page zoom "
                            f"{float(meta['zoom']):.0%}; the tab is at {zoom:.0%} now",
                            f"set the page zoom back to {float(meta['zoom']):.0%} (Ctrl+0 for 100 %), then verify "
                            "again")
    was, now = meta.get("viewport"), view_size(tab)
    if not annotation.emulated and isinstance(was, list) and len(was) == 2 \
            and max(abs(float(a) - b) for a, b in zip(was, now)) > 1:   # a layout at another width (or height)
        raise PagenoteError("VERIFY_DEVICE_CHANGED", f"annotation {number} was pinned with the page "
                            f"{was[0]:g}x{was[1]:g} CSS px; the tab shows it {now[0]:g}x{now[1]:g} now",
                            "resize the window (or the side panel) back, then verify again")
    status, changes = "exact", ()
    if annotation.kind == KIND_REGION:
        crop = await box_crop(tab, "", [], annotation.region.rect.model_dump())
    else:
        status, page_id, chain, record = await _after_record(tab, pin_id, batch_id, number, annotation)
        changes = record_changes(annotation.anchor, record, positions=not chain)
        rect = annotation.crop_rect
        _bounded(rect or record.rect, float(meta.get("scale", 1.0)), number)
        crop = await box_crop(tab, page_id, chain, rect.model_dump() if rect is not None else None)
    if abs(crop.scale - float(meta.get("scale", 1.0))) > 1e-6:   # the window moved to a screen of another DPR
        raise PagenoteError("VERIFY_DEVICE_CHANGED", f"annotation {number}'s before crop is at "
                            f"{meta.get('scale')} px per CSS px, the page now at {crop.scale}")
    try:
        pixels, after, diff = await asyncio.get_running_loop().run_in_executor(
            None, _compare, meta["path"], meta["box"], crop, batch_dir(project_dir, batch_id), number)
    except (OSError, ValueError) as exc:
        raise PagenoteError("CAPTURE_FAILED", f"annotation {number}'s before and after crops could not be "
                            f"compared: {exc}") from None
    result = Verification(batch=batch_id, annotation=number, status=status, changes=changes, pixels=pixels,
                          before=meta["path"], after=after, diff=diff, scale=crop.scale,
                          checked_at=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
    try:
        store.set_verification(batch_id, number, result.model_dump(mode="json"))
    except OSError as exc:
        raise PagenoteError("INTERNAL_ERROR", f"the verification could not be stored: {exc}") from None
    return result


def _entry(number: int, outcome: Verification | PagenoteError) -> dict:
    """One annotation's part of the ``annotations.verify`` answer: ``{annotation, text, verification}`` or
    ``{annotation, text, error: {code, message, next}}`` (the socket's error shape: ``data.code``, ``data.next``)."""
    if isinstance(outcome, PagenoteError):
        return {"annotation": number, "error": {"code": outcome.name, "message": outcome.message,
                                                "next": outcome.next_step},
                "text": f"Annotation {number}: not verified — {outcome.name}: {outcome.message}"}
    return {"annotation": number, "text": "\n".join(outcome.lines()),
            "verification": outcome.model_dump(mode="json")}


async def verify_batch(app, hub, batch_id: str, annotation: int | None = None) -> dict:
    """``annotations.verify``: ``{batch, results: [_entry …], verified, changed}``. A batch that was never
    sent, or a number beyond it, raises ``NOT_FOUND``; a single annotation's failure raises its error; in a
    whole batch each annotation's failure is its entry's ``error``."""
    try:
        count = len(hub.store.get(batch_id).batch.annotations)
    except KeyError:
        raise PagenoteError("NOT_FOUND", f"batch {batch_id!r} was never sent",
                            "call list_batches (annotations.list) for the sent batches' ids") from None
    numbers = [annotation] if annotation is not None else list(range(1, count + 1))
    results = []
    for number in numbers:
        try:
            outcome: Verification | PagenoteError = await verify_annotation(app, hub.store, batch_id, number)
            hub.verify_errors.pop((batch_id, number), None)
        except PagenoteError as exc:
            hub.verify_errors[(batch_id, number)] = exc   # the panel says why (nothing else kept)
            if annotation is not None:
                hub.changed()
                raise
            outcome = exc
        results.append(_entry(number, outcome))
    hub.changed()
    done = [r for r in results if "verification" in r]
    return {"batch": batch_id, "results": results, "verified": len(done),
            "changed": sum(1 for r in done if Verification.model_validate(r["verification"]).changed)}


def verify_table(table: dict, host, hub) -> dict:
    """``table`` (:attr:`app.agent.methods.Methods.table`) with ``annotations.verify``, and ``annotations.ack``
    verifying each annotation it marks ``resolved`` in the background (results kept) — at once, and again when
    its page next changes (:mod:`app.agent.verify_follow`)."""
    from app.agent.verify_follow import ResolvedFollow

    model, ack = table["annotations.ack"]
    contexts = getattr(host, "_contexts", None)   # the host's revision feeds (page.wait_for_change's)
    follow = ResolvedFollow(host.app, hub, (lambda tab: contexts().feed(tab)) if contexts else None)

    def ack_and_verify(params):
        before = {}
        try:
            before = {n: s.status for n, s in enumerate(hub.store.get(params.batch).annotations, 1)}
        except KeyError:
            pass
        result = ack(params)
        if params.status == "resolved":
            numbers = ([params.annotation] if params.annotation is not None else
                       [n for n, was in before.items() if was in ("pending", "delivered")])
            try:
                follow.resolved(params.batch, numbers)
            except RuntimeError:   # no event loop: nothing to verify with
                pass
        return result

    return {**table, "annotations.ack": (model, ack_and_verify),
            "annotations.verify": (VerifyParams, lambda p: verify_batch(host.app, hub, p.batch, p.annotation))}


def follow_up_annotation(store, batch_id: str, number: int, note: str) -> Annotation:
    """The follow-up of annotation ``number`` of sent batch ``batch_id`` the user reopens with ``note`` (issue 31,
    requirement 3; the panel's Reopen): the same element (or region, range, group) with the new note, and a
    :class:`~app.model.rounds.FollowUp` naming it — the earlier note, the agent's reply, the after crop of its last
    verification. It joins the next batch like any annotation (Markdown ``Follow-up to:``). Raises ``NOT_FOUND``,
    ``INVALID_PARAMS`` (it is reopened already: one follow-up per annotation)."""
    from app.model.rounds import FollowUp

    try:
        sent = store.get(batch_id)
        if number < 1:
            raise IndexError(number)
        annotation, state = sent.batch.annotations[number - 1], sent.annotations[number - 1]
    except (KeyError, IndexError):
        raise PagenoteError("NOT_FOUND", f"there is no annotation {number} in a sent batch {batch_id!r}") from None
    if state.status == "reopened":   # one follow-up per annotation (app.agent.store.BatchStore.reopen)
        raise PagenoteError("INVALID_PARAMS", f"annotation {number} of batch {batch_id} is already reopened",
                            "reopen its follow-up instead, or delete the follow-up from the current batch first")
    after = str((state.verification or {}).get("after") or "")
    # The agent's reply to this annotation, else to its whole batch (acknowledge_annotations without a number).
    follow = FollowUp(batch=batch_id, annotation=number, note=annotation.note, reply=state.reply or sent.reply,
                      after=after)
    return Annotation.model_validate({**annotation.model_dump(), "note": note, "status": "", "status_reason": "",
                                      "candidates": (), "refreshed": "", "follow_up": follow.model_dump()})


async def reopen(tab, store, batch_id: str, number: int, note: str) -> int:
    """The panel's Reopen (issue 31, requirements 2 and 3): annotation ``number`` of sent batch ``batch_id`` joins
    the current batch of ``tab`` as a follow-up with the user's ``note`` (:func:`follow_up_annotation`), on its
    element as the page shows it now (found again by its anchor; its record read now) — or, for a region, its
    rectangle — with its own marker; its before crop is taken as for any pin — and the sent one is ``reopened`` in
    ``store`` (:func:`app.agent.reopened.sync_reopened`: deleting the follow-up before Send undoes it). Returns its
    number. Raises ``NOT_FOUND``, ``INVALID_PARAMS`` (reopened already), ``VERIFY_OTHER_PAGE``, ``VERIFY_STALE``
    (the element cannot be found to pin again) and the page's errors."""
    import secrets

    annotation = follow_up_annotation(store, batch_id, number, note)
    await tab.settled()
    if _page(tab.page.url().toString()) != _page(annotation.element.url):
        raise PagenoteError("VERIFY_OTHER_PAGE", f"annotation {number} was made on {annotation.element.url}")
    pin_id = f"f{secrets.token_hex(4)}"   # its own marker and anchor in the page
    if annotation.kind != KIND_REGION:
        answer = await tab.bridge.call("reanchor", pin_id, _anchor(annotation))
        found = answer.get(pin_id) if isinstance(answer, dict) else None
        if not isinstance(found, dict) or found.get("status") == "stale" or not isinstance(found.get("record"), dict):
            raise PagenoteError("VERIFY_STALE", f"annotation {number}'s element is not on the page now "
                                f"({(found or {}).get('reason') or 'not found'}): it cannot be reopened on it")
        record = ElementRecord.model_validate({**found["record"], "url": annotation.element.url})
        if annotation.kind != "group":
            annotation = annotation.model_copy(update={"element": record})
    session = tab.session
    session.add(pin_id, annotation.element, note, page=tab.annotator.page_key())
    session.get(pin_id).annotation = annotation.model_copy(update={"emulated": session.emulated})
    session.set_note(pin_id, annotation.note)   # tells the session's observers (panel, markers, before crops)
    if store.get(batch_id).annotations[number - 1].status != "reopened":   # an observer may have marked it
        try:
            store.reopen(batch_id, number)
        except OSError as exc:
            log.warning("annotation %s of batch %s could not be kept as reopened: %s", number, batch_id, exc)
    return session.number_of(pin_id)
