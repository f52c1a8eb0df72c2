"""``pagenote capture``: the annotate → screenshot → Markdown pipeline with no window (issue #2 §7).

Exit codes: 0 done; 1 ``--baseline`` given and the image differs beyond ``--threshold``; 2 bad input
(including a selector that does not match exactly one element);
3 the page failed to load; 4 the screenshot could not be taken (``CAPTURE_*``); 5 ``--send`` could not
reach the running app (the files were still written). Only the Markdown (or JSON)
goes to stdout; everything else goes to stderr.
"""

from __future__ import annotations

import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

log = logging.getLogger("pagenote.headless")

EXIT_OK, EXIT_DIFFERS, EXIT_BAD_INPUT, EXIT_LOAD_FAILED, EXIT_CAPTURE_FAILED, EXIT_SEND_FAILED = 0, 1, 2, 3, 4, 5


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


class JobFailed(Exception):
    """A capture step failed; ``exit_code`` is one of the module's exit codes, ``message`` goes to stderr."""

    def __init__(self, exit_code: int, message: str) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def _load(view, page, url, timeout_ms: int):
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    results = []

    def on_result(result):
        results.append(result)
        loop.quit()

    page.load_result.connect(on_result)
    QTimer.singleShot(timeout_ms, loop.quit)
    view.load(url)
    loop.exec()
    page.load_result.disconnect(on_result)
    if not results:
        raise JobFailed(EXIT_LOAD_FAILED, f"PAGE_LOAD_TIMEOUT: {url.toString()} did not finish loading in "
                                          f"{timeout_ms // 1000} s")
    result = results[-1]
    if not result.ok:
        raise JobFailed(EXIT_LOAD_FAILED, f"PAGE_LOAD_FAILED: {result.error} loading {url.toString()}")
    return result


def close_guest(view, lease) -> None:
    """Delete ``view`` (and the page it owns) before ``lease``'s profile, as QtWebEngine requires; deleting
    the profile first aborts with "Release of profile requested but WebEnginePage still not deleted"."""
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent

    view.close()
    shiboken6.delete(view)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
    shiboken6.delete(lease)
    QCoreApplication.processEvents()


def run(job: CaptureJob) -> int:
    """Run ``job`` in an offscreen QtWebEngine and print the result. Returns the process exit code."""
    from app.qtenv import make_application

    app = make_application(headless=True)
    from PySide6.QtWebEngineWidgets import QWebEngineView

    from app.webview.guest import Guest
    from app.webview.lease import Lease

    lease = Lease(app)
    view = QWebEngineView()
    page = Guest(lease.profile, view)
    view.setPage(page)
    view.resize(*job.viewport)
    view.show()  # offscreen platform: nothing appears, but Chromium renders
    from app.protocol.redact import redact_urls
    from app.webview.picker import PickerTimeout

    try:
        return _run(job, view, page)
    except PickerTimeout as exc:
        print(f"pagenote: PAGE_UNRESPONSIVE: the page stopped answering ({exc}); it may be stuck in a script "
              "loop", file=sys.stderr)
        return EXIT_LOAD_FAILED
    except JobFailed as exc:
        print(f"pagenote: {redact_urls(str(exc))}", file=sys.stderr)  # URLs in messages may carry tokens
        return exc.exit_code
    finally:
        close_guest(view, lease)


def _run(job: CaptureJob, view, page) -> int:
    from app.capture.shots import Shooter
    from app.capture.viewport import CaptureError
    from app.model.annotation import ElementRecord
    from app.model.session import Session
    from app.protocol.markdown import encode_annotations
    from app.sinks import save_markdown
    from app.webview.frames import in_top_document, select_chain
    from app.webview.picker import Picker
    from app.webview.urls import url_from_user_input

    url = url_from_user_input(job.url)
    if not url.isValid() or (url.scheme() in ("http", "https") and not url.host()):
        raise JobFailed(EXIT_BAD_INPUT, f"BAD_URL: {job.url!r} is not a URL or an existing file")
    _load(view, page, url, job.load_timeout_ms)
    navigations = []  # a page that navigates on its own after load would mix two pages in one batch
    view.loadStarted.connect(lambda: navigations.append(page.url().toString()))
    picker = Picker(page)
    if not picker.wait_ready():
        raise JobFailed(EXIT_LOAD_FAILED, "PICKER_NOT_READY: pagenote's page script did not start; is the page "
                                          "a web page (not a download or a PDF)?")
    session = Session()
    session.set_summary(job.summary)
    targets_of: dict[str, str] = {}
    for selector, note in job.targets:
        route, found = select_chain(page, selector)
        if not isinstance(found, dict):
            raise JobFailed(EXIT_LOAD_FAILED, f"PICKER_FAILED: no answer for selector {selector!r}")
        if found.get("error"):
            raise JobFailed(EXIT_BAD_INPUT, f"BAD_SELECTOR: {selector!r}: {found['error']}")
        if found.get("count") != 1:
            code = "SELECTOR_NOT_FOUND" if found.get("count") == 0 else "SELECTOR_NOT_UNIQUE"
            step = f" (at {found['step']!r})" if found.get("step") and found["step"] != selector else ""
            raise JobFailed(EXIT_BAD_INPUT, f"{code}: {selector!r} matches {found.get('count')} "
                                            f"elements{step}; it must match exactly 1")
        raw = found["record"]
        if route.chain:
            top = picker.call_sync("viewportState") or {}
            raw = in_top_document(raw, found.get("viewport"), route, top.get("scroll") or {"x": 0, "y": 0})
            found["id"] = f"{route.key}::{found['id']}"
        try:
            record = ElementRecord.model_validate(raw)
        except ValidationError as exc:
            raise JobFailed(EXIT_LOAD_FAILED, f"BAD_RECORD: the page sent an invalid record for {selector!r}: "
                                              f"{exc.errors()[0]['msg']}") from None
        if found["id"] in targets_of:
            raise JobFailed(EXIT_BAD_INPUT, f"DUPLICATE_TARGET: {selector!r} matches the same element as "
                                            f"{targets_of[found['id']]!r}")
        targets_of[found["id"]] = selector
        session.add(found["id"], record, note)
    picker.call_sync("setMarkers", json.dumps(session.markers()))
    shot = clean_path = ""
    verdict = EXIT_OK
    if job.screenshot:
        shooter = Shooter(view, picker, job.out, job.scale)
        pins = [(n, pin.id) for n, pin in enumerate(session.pins, start=1)]
        try:
            if job.full_page:
                clean, drawn = shooter.full_page(pins, annotated=True)
            else:
                clean, drawn = shooter.viewport(pins)
            if job.crops:
                for number, pin_id in pins:
                    session.set_screenshot(pin_id, shooter.element(number, pin_id).path)
        except CaptureError as exc:
            raise JobFailed(EXIT_CAPTURE_FAILED, str(exc)) from None
        if navigations:
            raise JobFailed(EXIT_LOAD_FAILED, "PAGE_NAVIGATED: the page navigated away by itself during the "
                                              "capture; annotate the page it lands on instead")
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
            verdict = _compare_baseline(Path(clean.path), job.baseline / f"{name}.png", job.threshold)
    if navigations:
        raise JobFailed(EXIT_LOAD_FAILED, "PAGE_NAVIGATED: the page navigated away by itself during the capture; "
                                          "annotate the page it lands on instead")
    batch = session.batch(screenshot=shot, screenshot_clean=clean_path)
    md_path = save_markdown(batch, job.out)
    print(f"pagenote: annotations {md_path}", file=sys.stderr)
    if job.format == "json":
        sys.stdout.write(batch.model_dump_json(indent=2) + "\n")
    else:
        sys.stdout.write(encode_annotations(batch))
    sys.stdout.flush()
    if job.send:
        sent = _send(encode_annotations(batch))
        if sent != EXIT_OK:
            return sent
    return verdict


def _agent_copy(path: Path) -> None:
    """Write ``<name>-agent.png``: a copy within agent clients' image limits (issue #4 §7)."""
    from app.capture.downscale import downscale_png
    from app.sinks import write_atomic

    small, scale, (w, h) = downscale_png(path.read_bytes())
    target = path.with_name(path.stem + "-agent.png")
    write_atomic(target, small)
    print(f"pagenote: agent copy {target} ({w}x{h} px, scale {scale:.4g})", file=sys.stderr)


def _compare_baseline(current: Path, baseline: Path, threshold: float) -> int:
    """Compare ``current`` with ``baseline`` (``<DIR>/<slug of the title>[-full].png``, issue #4 §6); create
    the baseline when it is missing. Returns :data:`EXIT_DIFFERS` above ``threshold`` percent, else
    :data:`EXIT_OK`."""
    import shutil

    from PIL import Image

    from app.capture.compare import compare_images, diff_image, summary

    if not baseline.exists():
        baseline.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(current, baseline)
        print(f"pagenote: baseline created: {baseline}", file=sys.stderr)
        return EXIT_OK
    with Image.open(baseline) as a, Image.open(current) as b:
        result = compare_images(a, b, threshold_percent=threshold)
        diff_path = current.with_name(current.stem + "-diff.png")
        diff_image(a, b, result).save(diff_path)
    print(f"pagenote: compare with {baseline}: {summary(result, diff_path)}", file=sys.stderr)
    return EXIT_OK if result.passed else EXIT_DIFFERS


def _send(markdown: str) -> int:
    """Hand ``markdown`` to the running app (``annotations.send``); report on stderr."""
    import anyio

    from app.agent.client import AgentClient, AgentError
    from app.agent.paths import socket_path

    async def go():
        async with AgentClient(socket_path()) as client:
            return await client.call("annotations.send", {"markdown": markdown})

    try:
        answer = anyio.run(go)
    except (AgentError, PermissionError) as exc:
        print(f"pagenote: SEND_FAILED: {exc}", file=sys.stderr)
        return EXIT_SEND_FAILED
    print(f"pagenote: sent batch {answer['batch']['id']} to {answer['delivered_to']} waiting agent(s)",
          file=sys.stderr)
    return EXIT_OK
