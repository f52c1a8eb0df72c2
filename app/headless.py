"""``pagenote capture``: the annotate → screenshot → Markdown pipeline with no window (issue #2 §7).

Exit codes come from the error registry (:mod:`app.core.errors`): 0 done; 1 ``--baseline`` given and the
image differs beyond ``--threshold``; 2 bad input (including a selector that does not match exactly one
element); 3 the page failed; 4 a screenshot could not be taken (``CAPTURE_*``); 5 ``--send`` could not
reach the running app (the files were still written). Only the Markdown (or JSON)
goes to stdout; everything else goes to stderr.

A screenshot or crop that fails keeps the work (issue 9 §5): its ``Screenshot:`` line reads
``[not taken: CODE — reason]`` (on the batch or on that annotation), the other images, the ``.md`` file and
stdout are still written, and the exit code is 4 — unless ``--send`` failed (5). A note or summary over
``NOTE_CAP`` is cut with a warning on stderr (issue 9 §8).

JavaScript dialogs (``alert``/``confirm``/``prompt``/``beforeunload``) never hang a capture: each is answered
at once per ``--dialogs`` (:class:`~app.webview.dialogs.DialogPolicy`) and printed on stderr; a page that
keeps opening them gets one ``DIALOG_LOOP`` warning, which leaves the exit code as it is (0 on success).
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from app.core.errors import (
    EXIT_APP_UNREACHABLE,
    EXIT_CAPTURE_FAILED,
    EXIT_DIFFERS,
    EXIT_INTERNAL,
    EXIT_OK,
    PagenoteError,
)

log = logging.getLogger("pagenote.headless")



@dataclass
class CaptureJob:
    """What ``pagenote capture`` was asked to do. ``viewport`` is (width, height) in CSS px."""

    url: str
    targets: list[tuple[str, str]] = field(default_factory=list)  # (selector, note)
    summary: str = ""
    out: Path = Path(".")
    screenshot: bool = True
    viewport: tuple[int, int] = (1280, 800)
    format: str = "md"
    load_timeout_ms: int = 30_000
    send: bool = False
    full_page: bool = False
    scale: str = "css"
    crops: bool = False
    agent_copy: bool = False
    baseline: Path | None = None
    threshold: float = 0.1
    dialogs: str = "dismiss"  # how JavaScript dialogs are answered (app.webview.dialogs.MODES)
    detail: str = "standard"  # the Markdown's detail level (app.protocol.detail)
    references: dict[int, Path] = field(default_factory=dict)  # target index → reference image
    import_file: Path | None = None  # an exported .json review to add (app.tabs.review_import)
    export: list[str] = field(default_factory=list)  # also write the review as "html" / "json"


async def _capture(job: CaptureJob, tab) -> int:
    """The job as a coroutine on ``tab`` (already sized and shown). Returns the exit code; raises
    :class:`PagenoteError` for a failed step."""
    from app.protocol.markdown import encode_annotations
    from app.sinks import save_markdown
    from app.webview.frames import select_chain
    from app.webview.urls import url_from_user_input

    url = url_from_user_input(job.url)
    if not url.isValid() or (url.scheme() in ("http", "https") and not url.host()):
        raise PagenoteError("BAD_URL", f"{job.url!r} is not a URL or an existing file")
    await tab.load(url, job.load_timeout_ms)
    page, bridge, session = tab.page, tab.bridge, tab.session
    navigations = []  # a page that navigates on its own after load would mix two pages in one batch
    tab.view.loadStarted.connect(lambda: navigations.append(page.url().toString()))
    await tab.settled()  # the page script answers, or the page's real state by name (PAGE_SCRIPT_MISSING …)
    session.set_summary(job.summary)
    targets_of: dict[str, str] = {}
    # A full-page image is laid out the way Chromium's beyond-viewport capture is — no scrollbars, sticky
    # elements in flow (app/capture/fullpage.py) — so with --full-page the records are measured in that same
    # layout: a full-width element's Rect is as wide in the Markdown as in the image (with a classic 15 px
    # scrollbar it would be 15 px narrower).
    pinned_layout = job.full_page and bool(job.targets)
    if pinned_layout:
        await bridge.call("pinForCapture", "sticky")
    try:
        for selector, note in job.targets:
            route, found = await select_chain(bridge, selector)
            if not isinstance(found, dict):
                raise PagenoteError("PAGE_SCRIPT_ERROR", f"no answer for selector {selector!r}")
            if found.get("error"):
                raise PagenoteError("BAD_SELECTOR", f"{selector!r}: {found['error']}")
            if found.get("count") != 1:
                code = "SELECTOR_NOT_FOUND" if found.get("count") == 0 else "SELECTOR_NOT_UNIQUE"
                step = f" (at {found['step']!r})" if found.get("step") and found["step"] != selector else ""
                raise PagenoteError(code, f"{selector!r} matches {found.get('count')} elements{step}; it must match "
                                          "exactly 1")
            try:   # the same record the window makes (top-document rect; the Source: line of dev builds)
                record = await tab.annotator.record_of(route, found)
            except ValidationError as exc:
                raise PagenoteError("BAD_RECORD", f"the page sent an invalid record for {selector!r}: "
                                                  f"{exc.errors()[0]['msg']}") from None
            key = tab.annotator.pin_key(route, found["id"])  # remembers the frame for markers and crops
            if key in targets_of:
                raise PagenoteError("DUPLICATE_TARGET", f"{selector!r} matches the same element as {targets_of[key]!r}")
            targets_of[key] = selector
            session.add(key, record, note)
            pending = tab.annotator.source_to_map(record)
            if pending is not None:   # React 19: the lines through the modules' source maps (nothing to keep waiting)
                await tab.annotator.map_source(key, *pending)
            if job.detail in ("detailed", "forensic") and tab.annotator.css_rules is not None:
                await tab.annotator.css_of(key, record)   # the CSS: block; no marker to keep waiting here
    finally:
        if pinned_layout:
            bridge.post("pinForCapture", "restore")
    from app.tabs.review_import import capture_extras

    await capture_extras(tab, job.references, job.import_file, job.out)  # --reference, --import
    for cut in session.cut_notes():  # the user's words are never cut silently (issue 9 §8)
        print(f"pagenote: warning: {cut}", file=sys.stderr)
    # Markers in every frame that holds a pin (posted: the renderer runs them before the capture's calls).
    tab.annotator.sync_markers()
    shot = clean_path = shot_error = ""
    clean = drawn = None
    verdict = EXIT_OK
    crops = job.crops or "html" in job.export
    if job.screenshot or crops:
        shooter = tab.capture.shooter(job.scale)
        pins = tab.capture.pins()
    if job.screenshot:
        # Pins inside iframes are outlined from rects measured in their frames (the main frame cannot see them).
        try:
            if job.full_page:
                extra = await tab.annotator.frame_pin_rects(document=True)
                clean, drawn = await shooter.full_page(pins, annotated=True, extra_rects=extra)
            else:
                clean, drawn = await shooter.viewport(pins, extra_rects=await tab.annotator.frame_pin_rects())
        except PagenoteError as exc:  # keep the work: the Markdown says why (issue 9 §5)
            shot_error = f"{exc.name} — {exc.message}"
            verdict = EXIT_CAPTURE_FAILED
            print(f"pagenote: screenshot not taken: {exc}", file=sys.stderr)
    if crops:  # with or without the page screenshot (--no-screenshot --crops: the crops only)
        for number, pin_id in pins:
            # --export html: an annotation with a reference image gets its current-state crop beside its
            # design target, as the window's export does; --crops: every annotation gets one.
            if not (job.crops or session.get(pin_id).annotation.reference):
                continue
            try:
                crop = await tab.capture.element(number, pin_id, shooter)
            except PagenoteError as exc:
                session.set_screenshot_error(pin_id, exc.name, exc.message)
                if job.crops:  # a crop the user asked for; the export's own current-state crops only say so
                    verdict = EXIT_CAPTURE_FAILED
                print(f"pagenote: crop {number} not taken: {exc}", file=sys.stderr)
                continue
            session.set_screenshot(pin_id, crop.path)
            print(f"pagenote: crop {number} {crop.path} ({crop.width}x{crop.height} px)", file=sys.stderr)
    if navigations:
        raise PagenoteError("PAGE_NAVIGATED", "the page navigated away by itself during the capture")
    if clean is not None:
        shot = drawn.path if drawn else clean.path
        clean_path = clean.path if drawn else ""
        print(f"pagenote: screenshot {clean.path} ({clean.width}x{clean.height} px, scale {clean.scale:g}, "
              f"DPR {clean.dpr:g})", file=sys.stderr)
        if drawn:
            print(f"pagenote: annotated {drawn.path}", file=sys.stderr)
        if job.agent_copy:
            _agent_copy(Path(shot))
        if job.baseline is not None:
            from app.sinks import slug

            name = slug(page.title() or url.host()) + ("-full" if job.full_page else "")
            compared = _compare_baseline(Path(clean.path), job.baseline / f"{name}.png", job.threshold)
            verdict = verdict if verdict != EXIT_OK else compared  # a failed crop (4) outranks a difference
    if navigations:
        raise PagenoteError("PAGE_NAVIGATED", "the page navigated away by itself during the capture")
    batch = session.batch(screenshot=shot, screenshot_clean=clean_path, screenshot_error=shot_error)
    md_path = save_markdown(batch, job.out, detail=job.detail)
    print(f"pagenote: annotations {md_path}", file=sys.stderr)
    for fmt in job.export:
        from app.protocol.review_files import save_review

        print(f"pagenote: {fmt} review {save_review(batch, job.out, fmt, job.detail)}", file=sys.stderr)
    if job.format == "json":
        sys.stdout.write(_json_output(batch, tab) + "\n")
    else:
        sys.stdout.write(encode_annotations(batch, job.detail))
    sys.stdout.flush()
    if job.send:
        sent = await _send(encode_annotations(batch, job.detail))
        if sent != EXIT_OK:
            return sent
    return verdict


def show_offscreen(tab, viewport: tuple[int, int]) -> None:
    """Give ``tab``'s view a viewport of ``viewport`` (width, height) CSS px and show it, for the modes with no
    window (``pagenote capture``, ``pagenote serve``): the view is then its own top-level widget on the
    offscreen platform — nothing appears, but Chromium lays out and renders the page. A view that is never
    shown stays 0×0 and hidden: ``innerWidth`` 0, no frames (screenshots ``CAPTURE_EMPTY_VIEW``), and the
    renderer throttles the page's timers and frames as a hidden tab's, so page calls time out. Every tab of
    ``pagenote serve`` goes through here (the first, an agent's ``tabs.new``, a page's popup)."""
    tab.view.resize(*viewport)
    tab.view.show()


def run(job: CaptureJob) -> int:
    """Run ``job`` in an offscreen QtWebEngine and print the result. Returns the process exit code (from the
    error registry, :mod:`app.core.errors`); a failure is printed to stderr as ``pagenote: NAME: message``
    with URLs redacted (they may carry tokens)."""
    from app.core.tasks import spawn
    from app.protocol.redact import redact_urls
    from app.runtime.run import open_app

    with open_app(job.out, headless=True) as (qt_app, app):
        tab = app.new_tab()
        _report_dialogs(tab, job.dialogs)
        show_offscreen(tab, job.viewport)
        outcome: list[int] = []

        async def main() -> None:
            try:
                outcome.append(await _capture(job, tab))
            except PagenoteError as exc:
                print(f"pagenote: {redact_urls(str(exc))}", file=sys.stderr)
                outcome.append(exc.exit_code)
            finally:
                _report_dialog_loops(tab)
                qt_app.quit()

        spawn(main(), "capture")
        code = qt_app.exec()  # 128+signum when a signal stopped it (app.runtime.run.open_app)
        return outcome[0] if outcome else (code or EXIT_INTERNAL)


def _report_dialogs(tab, mode: str) -> None:
    """Answer ``tab``'s JavaScript dialogs per ``mode`` (``dismiss``/``accept``, issue 9 §1: a dialog never
    hangs the capture) and print each on stderr as ``pagenote: dialog alert "text" → dismissed``."""
    from app.webview.dialogs import DialogPolicy

    tab.dialogs.policy = DialogPolicy(mode)
    tab.dialogs.seen.connect(lambda seen: print(f"pagenote: dialog {seen.line()}", file=sys.stderr))


def _report_dialog_loops(tab) -> None:
    """Print one ``DIALOG_LOOP`` warning per document that kept opening dialogs, with how many were answered
    without a line each. A warning: the exit code is unchanged (0 when the capture succeeded)."""
    from app.core.policy import DIALOG_LOOP_LIMIT

    for url, count in tab.dialogs.loops:
        warning = PagenoteError("DIALOG_LOOP", f"{url} opened {count} more dialog(s) after the first "
                                               f"{DIALOG_LOOP_LIMIT}; all were answered ({tab.dialogs.policy.mode})")
        print(f"pagenote: {warning.text()}", file=sys.stderr)


def _json_output(batch, tab) -> str:
    """``--format json``: the batch's fields as before, plus ``dialogs`` (the page's JavaScript dialogs, each
    ``{kind, message, default, url, answered, value}``) and ``dialogs_suppressed`` (those of dialog loops)."""
    import json

    data = batch.model_dump(mode="json")
    data["dialogs"] = [seen.to_json() for seen in tab.dialogs.entries]
    data["dialogs_suppressed"] = tab.dialogs.suppressed
    return json.dumps(data, indent=2, ensure_ascii=False)


def _agent_copy(path: Path) -> None:
    """Write ``<name>-agent.png``: a copy within agent clients' image limits, or the top band of a page too tall
    to fit them readably (:func:`app.capture.downscale.agent_png`)."""
    from app.capture.downscale import READABLE_SCALE, agent_png
    from app.sinks import write_atomic

    copy = agent_png(path.read_bytes())
    target = path.with_name(path.stem + "-agent.png")
    write_atomic(target, copy.png)
    shown = (f"; only the top {copy.bottom} of {copy.full_height} px rows: the whole image would need scale "
             f"{copy.whole_scale:.2g}, under the readable {READABLE_SCALE:g}" if copy.cropped else "")
    print(f"pagenote: agent copy {target} ({copy.width}x{copy.height} px, scale {copy.scale:.4g}{shown})",
          file=sys.stderr)


def _compare_baseline(current: Path, baseline: Path, threshold: float) -> int:
    """Compare ``current`` with ``baseline`` (``<DIR>/<slug of the title>[-full].png``, issue #4 §6); create
    the baseline when it is missing. Returns :data:`EXIT_DIFFERS` above ``threshold`` percent, else
    :data:`EXIT_OK`."""
    import shutil

    from app.compare.cli import summary
    from app.compare.diff_image import diff_image
    from app.compare.engine import compare_images
    from app.compare.images import open_image

    if not baseline.exists():
        baseline.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(current, baseline)
        print(f"pagenote: baseline created: {baseline}", file=sys.stderr)
        return EXIT_OK
    with open_image(baseline, what="baseline") as a, open_image(current, what="current") as b:
        result = compare_images(a, b, threshold_percent=threshold)
        diff_path = current.with_name(current.stem + "-diff.png")
        diff_image(a, b, result).save(diff_path)
    print(f"pagenote: compare with {baseline}: {summary(result, diff_path)}", file=sys.stderr)
    return EXIT_OK if result.passed else EXIT_DIFFERS


async def _send(markdown: str) -> int:
    """Hand ``markdown`` to the running app (``annotations.send``); report on stderr (a failure as
    ``SEND_FAILED: <why> — <next step>``)."""
    from app.agent.client import AgentClient, AgentError, AgentUntrusted
    from app.agent.paths import socket_path

    try:
        async with AgentClient(socket_path()) as client:
            answer = await client.call("annotations.send", {"markdown": markdown})
    except (AgentError, PermissionError) as exc:
        # The registry's next step (start the window), unless the socket is not the user's own: then its own.
        step = exc.next_step if isinstance(exc, AgentUntrusted) else None
        print(f"pagenote: {PagenoteError('SEND_FAILED', str(exc), step).text()}", file=sys.stderr)
        return EXIT_APP_UNREACHABLE
    print(f"pagenote: sent batch {answer['batch']['id']} to {answer['delivered_to']} waiting agent(s)",
          file=sys.stderr)
    return EXIT_OK
