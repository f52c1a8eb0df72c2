"""The one error registry: every failure pagenote reports has a stable UPPER_SNAKE name here, with its
JSON-RPC code (agent socket; JSON-RPC 2.0 §5.1 codes where the spec defines one, -32000..-32099
"server error" codes otherwise), its process exit code (``pagenote capture``/``compare``/``serve``), and a
one-line next step for the user or agent.

The agent socket, the MCP tools (``isError`` text ``"NAME: message — next step"``), the CLI, capture and
compare all raise :class:`PagenoteError` with a name from :data:`REGISTRY`; nothing else invents codes.
The table in docs/errors.md is generated from this one and checked by ``tests/test_errors.py``.

Exit codes (``sysexits``-free, small and documented): 0 done (a warning such as ``DIALOG_LOOP`` is reported on
stderr and leaves it 0), 1 the compared images differ, 2 bad input,
3 the page failed (load, navigation, script), 4 a screenshot could not be taken, 5 the running app could not
be reached, 70 a pagenote bug.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

EXIT_OK = 0
EXIT_DIFFERS = 1
EXIT_BAD_INPUT = 2
EXIT_PAGE_FAILED = 3
EXIT_CAPTURE_FAILED = 4
EXIT_APP_UNREACHABLE = 5
EXIT_INTERNAL = 70


@dataclass(frozen=True)
class ErrorKind:
    """One registry row: ``name`` (stable), ``rpc_code`` (JSON-RPC ``error.code``), ``exit_code`` (CLI),
    ``next_step`` (default advice), ``meaning`` (one line for the table in docs/errors.md)."""

    name: str
    rpc_code: int
    exit_code: int
    next_step: str
    meaning: str


def _rows(*rows: tuple[str, int, int, str, str]) -> dict[str, ErrorKind]:
    table = {row[0]: ErrorKind(*row) for row in rows}
    codes = [kind.rpc_code for kind in table.values()]
    assert len(set(codes)) == len(codes), "every registry name needs its own JSON-RPC code"
    return table


# Limits quoted in next steps live with the socket framing (app.agent.rpc); they are repeated here as text
# only, and tests/test_errors.py checks the numbers agree.
REGISTRY: dict[str, ErrorKind] = _rows(
    # -- the socket protocol (JSON-RPC 2.0 §5.1 codes) --
    ("PARSE_ERROR", -32700, EXIT_BAD_INPUT, "send one JSON object per line, UTF-8, ending in \\n",
     "the request line is not JSON"),
    ("INVALID_REQUEST", -32600, EXIT_BAD_INPUT,
     'send {"jsonrpc": "2.0", "id": …, "method": …, "params": {…}, "protocol_version": 1}',
     "the JSON is not a JSON-RPC 2.0 request"),
    ("METHOD_NOT_FOUND", -32601, EXIT_BAD_INPUT, "call 'health' for the list of methods", "no such method"),
    ("INVALID_PARAMS", -32602, EXIT_BAD_INPUT,
     "check the parameter names and types in docs/socket.md and docs/agent-tools.md",
     "a parameter is missing or wrong"),
    ("INTERNAL_ERROR", -32603, EXIT_INTERNAL, "this is a pagenote bug; the server keeps running",
     "a bug in pagenote"),
    ("TOO_LARGE", -32001, EXIT_BAD_INPUT, "keep each request under 1048576 bytes", "request line too long"),
    ("TIMEOUT", -32002, EXIT_BAD_INPUT, "finish each line with \\n within 5000 ms",
     "half a line, then nothing"),
    ("TOO_MANY_CLIENTS", -32003, EXIT_APP_UNREACHABLE, "at most 16 clients at once; close idle connections",
     "the socket serves 16 clients at once"),
    ("UNSUPPORTED_PROTOCOL", -32004, EXIT_BAD_INPUT, "send protocol_version 1", "wrong protocol_version"),
    # -- what the agent asked for --
    ("NOT_FOUND", -32010, EXIT_BAD_INPUT, "call annotations.list for the batch ids",
     "no such batch or annotation"),
    ("CAPTURE_FAILED", -32011, EXIT_CAPTURE_FAILED, "retry; if it fails again, reload the page",
     "a screenshot failed for a reason without its own name"),
    ("NO_PAGE", -32012, EXIT_PAGE_FAILED, "open a page in pagenote first", "no page is open"),
    # -- verifying a sent annotation (issue 31) --
    ("VERIFY_STALE", -32013, EXIT_PAGE_FAILED,
     "the annotated element is gone or cannot be told from look-alikes: check the page, then verify again",
     "the annotation's element was not found again (stale), so it was not compared"),
    ("VERIFY_NO_BEFORE", -32014, EXIT_BAD_INPUT,
     "verify annotations the user pinned and sent in this project; a deleted before crop cannot be made again",
     "no before crop is kept for the annotation (never taken, failed at pin time, or deleted from disk)"),
    ("VERIFY_OTHER_PAGE", -32015, EXIT_PAGE_FAILED, "navigate the tab back to the annotation's page, then verify again",
     "the tab shows another page (or origin) than the one the annotation was made on"),
    ("VERIFY_DEVICE_CHANGED", -32016, EXIT_BAD_INPUT,
     "emulate the device the annotation was made at (browser_emulate), or stop emulating, then verify again",
     "the tab emulates another device or viewport than when the annotation was pinned"),
    # -- screenshots --
    ("CAPTURE_BLANK", -32020, EXIT_CAPTURE_FAILED,
     "the page painted no fresh frame in time; wait for it to settle and retry", "no fresh frame arrived"),
    ("CAPTURE_SIZE", -32021, EXIT_CAPTURE_FAILED, "the view changed size during the capture, or an emulated viewport is larger "
     "than the view: enlarge the window (or emulate a smaller viewport) and retry", "the image is not the view's size × DPR"),
    ("CAPTURE_EMPTY_VIEW", -32022, EXIT_CAPTURE_FAILED, "show or enlarge the window",
     "the view is hidden or has no area"),
    ("CAPTURE_MINIMIZED", -32023, EXIT_CAPTURE_FAILED, "restore the window and retry",
     "the window is minimised"),
    ("CAPTURE_NO_PICKER", -32024, EXIT_CAPTURE_FAILED, "reload the page and retry",
     "pagenote's page script is not running (PDF, download); Chromium's error page is PAGE_LOAD_FAILED"),
    ("CAPTURE_TOO_LARGE", -32025, EXIT_CAPTURE_FAILED, "capture the viewport or an element instead",
     "the document is larger than pagenote stitches"),
    ("CAPTURE_CANCELLED", -32026, EXIT_CAPTURE_FAILED, "start the capture again", "the user cancelled"),
    ("CAPTURE_NOT_ON_PAGE", -32027, EXIT_CAPTURE_FAILED, "navigate back to the page it was made on",
     "the annotated element is not on the current page"),
    ("CAPTURE_NO_BOX", -32028, EXIT_CAPTURE_FAILED,
     "show the element (it is hidden, display: none, or has no size), then retry; or capture the viewport",
     "the annotated element draws nothing: hidden, detached or zero-size"),
    ("CAPTURE_REDACTION_UNVERIFIED", -32029, EXIT_CAPTURE_FAILED,
     "a frame on the page did not report its secret fields (pagenote's script is not running in it, or it "
     "did not answer); reload the page and retry, or capture a part of the page without that frame",
     "the secret fields of a frame in the image could not be found, so the image is not saved"),
    # -- the page --
    ("PAGE_LOAD_FAILED", -32030, EXIT_PAGE_FAILED, "check that the server is running and the URL is right",
     "the page did not load (network or HTTP error); also while the tab shows Chromium's error page"),
    ("PAGE_LOAD_TIMEOUT", -32031, EXIT_PAGE_FAILED, "raise --load-timeout or check the server",
     "the page did not finish loading in time"),
    ("PAGE_LOADING", -32039, EXIT_PAGE_FAILED,
     "the page is still loading: wait until page_state shows loading false, then retry",
     "the page had not finished loading after the bounded wait (10 s)"),
    ("PAGE_NAVIGATED", -32032, EXIT_PAGE_FAILED, "annotate the page it lands on instead",
     "the page navigated away by itself"),
    ("PAGE_UNRESPONSIVE", -32033, EXIT_PAGE_FAILED, "the page may be stuck in a script loop; reload it",
     "the page stopped answering"),
    ("PAGE_SCRIPT_MISSING", -32034, EXIT_PAGE_FAILED,
     "pagenote's page script is not running here (PDF, download?); reload and retry",
     "pagenote's page script is not installed in this document"),
    ("PAGE_SCRIPT_ERROR", -32035, EXIT_PAGE_FAILED, "this is a pagenote bug or a hostile page; see the log",
     "pagenote's page script threw"),
    ("PAGE_CALL_TIMEOUT", -32036, EXIT_PAGE_FAILED, "the page is busy; wait and retry, or reload it",
     "the page did not answer a call in time"),
    ("FRAME_GONE", -32037, EXIT_PAGE_FAILED, "the frame navigated or was removed; retry on the page as it is now",
     "the frame was removed or navigated during the call"),
    ("BAD_RECORD", -32038, EXIT_PAGE_FAILED, "reload the page and retry",
     "the page sent an element record that does not validate"),
    # -- CLI and selectors --
    ("BAD_URL", -32040, EXIT_BAD_INPUT, "give an http(s) URL, localhost:PORT or an existing file",
     "not a URL or an existing file"),
    ("BAD_SELECTOR", -32041, EXIT_BAD_INPUT, "check the selector's syntax", "the selector does not parse"),
    ("SELECTOR_NOT_FOUND", -32042, EXIT_BAD_INPUT, "check the selector against the page",
     "the selector matches no element"),
    ("SELECTOR_NOT_UNIQUE", -32043, EXIT_BAD_INPUT, "make the selector match exactly one element",
     "the selector matches several elements"),
    ("DUPLICATE_TARGET", -32044, EXIT_BAD_INPUT, "annotate each element once",
     "two selectors name the same element"),
    ("BAD_OUT_DIR", -32045, EXIT_BAD_INPUT, "give a directory you can write to", "the output directory is unusable"),
    ("BAD_OUT", -32046, EXIT_BAD_INPUT, "give another output path", "the diff image cannot be written there"),
    ("BAD_IMAGE", -32047, EXIT_BAD_INPUT, "give two readable PNG files", "an input image is missing or unreadable"),
    ("IMAGES_DIFFER", -32048, EXIT_DIFFERS, "look at the diff image; update the baseline if the change is wanted",
     "the images differ beyond the threshold"),
    ("BAD_PROFILE_NAME", -32049, EXIT_BAD_INPUT, "name the profile with letters, digits, - and _ (at most 64)",
     "--profile names no usable profile"),
    # -- tabs and leases --
    ("TAB_NOT_FOUND", -32061, EXIT_BAD_INPUT, "call tabs.list for the open tabs' ids", "no open tab has that id"),
    ("LAST_TAB", -32069, EXIT_BAD_INPUT,
     "open another tab first (browser_tabs action=new / tabs.new), or navigate this one elsewhere",
     "the last tab stays open: pagenote keeps running with a page for the user and the agent"),
    # -- reaching the app --
    ("APP_NOT_RUNNING", -32050, EXIT_APP_UNREACHABLE, "start pagenote (./run.sh or pagenote serve) and retry",
     "nothing serves the agent socket"),
    ("SEND_FAILED", -32051, EXIT_APP_UNREACHABLE,
     "start the window with `pagenote` (or `pagenote serve`), then run the capture with --send again: its files "
     "are written already",
     "the running app could not take the batch"),
    ("SOCKET_UNAVAILABLE", -32052, EXIT_APP_UNREACHABLE,
     "another pagenote may serve it: use that one, stop it, or set PAGENOTE_SOCKET to another path",
     "the agent socket cannot be served (in use, or its directory is not private)"),
    ("SOCKET_UNTRUSTED", -32053, EXIT_APP_UNREACHABLE,
     "use a socket in a directory that is yours and writable by you alone (mode 0700), served by your own "
     "pagenote: unset PAGENOTE_SOCKET / --socket for the default one, or delete what is there and start pagenote",
     "the socket, its directory or the process at its other end is not the user's own (nothing was sent)"),
    # -- the agent's browser tools: evaluate --
    ("EVALUATE_FAILED", -32081, EXIT_PAGE_FAILED, "fix the JavaScript (the message and stack say where), then retry",
     "the evaluated JavaScript threw, its Promise rejected, or it does not parse"),
    ("EVALUATE_TIMEOUT", -32082, EXIT_PAGE_FAILED,
     "give a larger timeout_ms, or make the function settle sooner (a loop or a Promise that never settles?)",
     "the evaluated JavaScript did not settle within timeout_ms"),
    ("EVALUATE_DISABLED", -32083, EXIT_BAD_INPUT,
     "evaluate is turned off in this pagenote (pagenote serve --no-evaluate); use snapshot, console and network "
     "instead, or ask the user to turn it on", "running JavaScript in the page is turned off"),
    ("FILE_URL_REFUSED", -32086, EXIT_BAD_INPUT,
     "open an http(s) page; the user can let agents open local files: start pagenote (or pagenote serve) with "
     "--allow-file-urls, or set [agent] files = true in settings.toml",
     "agents may not open file: URLs in this pagenote: local files are the user's"),
    # -- file choosers and forms (app.agent.uploads, app.agent.forms; issue 27, requirement 1) --
    ("FILE_CHOOSER_OPEN", -32077, EXIT_PAGE_FAILED,
     "answer it with file.upload(paths?) (MCP browser_file_upload): paths choose files, no paths cancel",
     "the page opened a file chooser, held for the agent; other page actions wait until it is answered"),
    ("UPLOAD_REFUSED", -32078, EXIT_BAD_INPUT,
     "give absolute paths of existing, readable regular files (at most 256 MiB each) inside the project "
     "directory, or let agents use local files ([agent] files = true / --allow-file-urls)",
     "a path given to file.upload is not a file an agent may upload"),
    # -- the agent's browser tools: snapshot and refs --
    ("STALE_REF", -32090, EXIT_BAD_INPUT,
     "take a new snapshot (snapshot / browser_snapshot) and use a ref from it with its snapshot_id",
     "the ref no longer names an element: another document, an unknown snapshot, or its element was replaced "
     "with no single equivalent"),
    ("REF_IN_OTHER_TAB", -32062, EXIT_BAD_INPUT,
     "select the ref's tab (tabs.select / browser_tabs action=select) to act there, or take a snapshot of the "
     "active tab", "the ref comes from a snapshot of another tab than the active one: nothing was done"),
    # -- the agent's page context: page.context cursors --
    ("CURSOR_EXPIRED", -32084, EXIT_BAD_INPUT,
     "read page.context again without the cursor (the page changed since its read: page.wait_for_change says what)",
     "the page changed (or another document is shown) since the read that gave the cursor"),
    ("CURSOR_MISMATCH", -32085, EXIT_BAD_INPUT,
     "pass the cursor with the same detail, ref or selector, max_nodes and max_chars as the read that gave it",
     "the cursor was made for other parameters or another tab"),
    # -- the agent's browser tools: actions by ref --
    ("ELEMENT_OBSCURED", -32091, EXIT_PAGE_FAILED,
     "another element covers the target at its click point (a dialog, banner or overlay?): close or scroll it "
     "away, or act on the element that covers it, then take a new snapshot",
     "the action's click point would reach another element (named in the message)"),
    ("ELEMENT_NOT_ACTIONABLE", -32096, EXIT_PAGE_FAILED,
     "take a new snapshot and pick an element that can take this action (enabled, visible, editable, a select "
     "for select_option, a checkbox or radio for check)",
     "the element cannot take this action (disabled, not drawn, not editable, no such option)"),
    ("MODAL_DIALOG", -32092, EXIT_PAGE_FAILED,
     "answer it with dialog.handle(accept, prompt_text?) (MCP browser_handle_dialog), then continue",
     "a JavaScript dialog (alert, confirm, prompt, beforeunload) is open and holds the page"),
    ("USER_TOOK_CONTROL", -32093, EXIT_PAGE_FAILED,
     "the user pressed Stop or clicked into the page; ask the user to press 'Hand back to the agent', then "
     "take a new snapshot", "the user took the page back from the agent: actions are refused"),
    ("BROWSER_PAGE_CHANGING", -32094, EXIT_PAGE_FAILED,
     "the page is being replaced (a navigation); wait a moment, then retry (page_state says when it loaded)",
     "the document was replaced during a read, twice in a row"),
    ("BROWSER_OPERATION_UNCERTAIN", -32095, EXIT_PAGE_FAILED,
     "take a new snapshot to see whether the action took effect; pagenote never repeats it by itself",
     "the document was replaced while the action was delivered: whether it took effect is unknown"),
    # -- devices: WebHID / Web Serial, the traffic log, virtual devices --
    ("DEVICE_NOT_FOUND", -32097, EXIT_BAD_INPUT, "call devices_list for the device keys (virtual devices: virtual:N)",
     "no device or port has that key (or it is not a virtual one)"),
    ("BAD_DEVICE_SCRIPT", -32098, EXIT_BAD_INPUT,
     "fix the virtual device description or reply script (docs/devices.md)",
     "a virtual device description or reply script does not parse"),
    ("DEVICE_UNPLUGGED", -32099, EXIT_BAD_INPUT, "plug the virtual device in first: virtual_device_script(plug=in)",
     "the virtual device is unplugged"),
    ("BAD_REVIEW_FILE", -32076, EXIT_BAD_INPUT,
     "import a .json review that pagenote exported (Export… → JSON, or capture --export json)",
     "the file to import is not a valid pagenote review"),
    # -- the tab's CDP session (app.webview.cdp: Chromium's DevTools protocol, no port) --
    ("CDP_FAILED", -32070, EXIT_PAGE_FAILED, "the page refused the DevTools command; the message says why",
     "a DevTools protocol command returned an error"),
    ("CDP_TIMEOUT", -32071, EXIT_PAGE_FAILED,
     "the page did not answer the DevTools command in time; wait for it to settle and retry",
     "a DevTools protocol command got no reply in time"),
    ("CDP_DETACHED", -32072, EXIT_PAGE_FAILED, "the tab closed or its renderer went away; reload the tab and retry",
     "the tab's DevTools session ended before the reply"),
    ("PAGE_PAUSED", -32074, EXIT_PAGE_FAILED,
     "the user paused the page at a breakpoint in DevTools (F12); wait until they resume it there, then retry",
     "the page's scripts are paused in the user's DevTools window"),
    ("CDP_NOT_ALLOWED", -32073, EXIT_INTERNAL, "this is a pagenote bug: the command is not on the CDP allow-list",
     "pagenote tried a DevTools protocol command outside its allow-list"),
    ("NETWORK_REQUEST_NOT_FOUND", -32079, EXIT_BAD_INPUT,
     "call browser_network_requests (network.list) for the ids; old requests leave the log's ring",
     "no request in the tab's network log has that id or URL"),
    # -- performance traces (app.agent.performance, issue 26 req. 5) --
    ("TRACE_RUNNING", -32087, EXIT_BAD_INPUT,
     "stop it first (performance_stop_trace); one trace records per tab at a time",
     "a performance trace is already recording in the tab"),
    ("NO_TRACE", -32088, EXIT_BAD_INPUT, "start one with performance_start_trace (reload and stop by themselves "
     "by default)", "no performance trace is recording, or none was recorded yet, in the tab"),
    ("UNKNOWN_INSIGHT", -32089, EXIT_BAD_INPUT,
     "use a name from the 'Available insights' line of the last performance_stop_trace",
     "the last trace has no insight (or insight set) of that name"),
    # -- waiting for the page (app.agent.effects, issue 27) --
    ("WAIT_TIMEOUT", -32057, EXIT_PAGE_FAILED,
     "look at the page (browser_snapshot) for what it shows instead, or wait again",
     "the text did not appear (or go away) within the wait"),
    # -- browser_annotate (app.agent.annotate, issue 27 req. 5) --
    ("ANNOTATE_NEEDS_WINDOW", -32018, EXIT_BAD_INPUT,
     "start pagenote with its window (./run.sh or pagenote); a pagenote serve hands its socket over to it",
     "browser_annotate needs pagenote's window: the user pins the notes there, and pagenote serve has none"),
    # -- warnings: reported, the run still succeeds (exit code 0) --
    ("DIALOG_LOOP", -32060, EXIT_OK,
     "the page keeps opening alert/confirm/prompt dialogs; pagenote answers them all at once — check the page's script",
     "a page opened more than 5 JavaScript dialogs in one document (the rest answered without a report each)"),
)


class PagenoteError(Exception):
    """A failure with a registry ``name``. ``message`` says what happened; ``next_step`` overrides the
    registry's default advice. ``str(error)`` is ``"NAME: message"``.

    Raises ``KeyError`` at construction when ``name`` is not in :data:`REGISTRY` (a typo is a bug, found at
    once)."""

    def __init__(self, name: str, message: str, next_step: str | None = None) -> None:
        kind = REGISTRY[name]
        super().__init__(f"{name}: {message}")
        self.name = name
        self.message = message
        self.next_step = next_step or kind.next_step

    @property
    def kind(self) -> ErrorKind:
        return REGISTRY[self.name]

    @property
    def code(self) -> str:
        """The stable name (kept as ``code`` too: capture callers read ``exc.code``)."""
        return self.name

    @property
    def exit_code(self) -> int:
        return self.kind.exit_code

    def to_rpc(self) -> dict[str, Any]:
        """The JSON-RPC 2.0 ``error`` member: ``{code, message, data: {code: NAME, next}}``."""
        return {"code": self.kind.rpc_code, "message": self.message,
                "data": {"code": self.name, "next": self.next_step}}

    def text(self) -> str:
        """``"NAME: message — next step"``: the line a person or agent reads (MCP ``isError`` text, CLI)."""
        return f"{self.name}: {self.message} — {self.next_step}"


def exit_code_of(name: str) -> int:
    """The process exit code for registry ``name``. Raises ``KeyError`` for an unknown name."""
    return REGISTRY[name].exit_code


#: The markers around the generated table in docs/errors.md (``tests/test_errors.py`` checks it is current).
TABLE_BEGIN = "<!-- error registry: generated by `python -m app.core.errors`; do not edit -->"
TABLE_END = "<!-- end of error registry -->"


def markdown_table() -> str:
    """The registry as a Markdown table (name, JSON-RPC code, exit code, meaning, next step), between
    :data:`TABLE_BEGIN` and :data:`TABLE_END`, as docs/errors.md shows it."""
    rows = [TABLE_BEGIN, "", "| name (`data.code`) | JSON-RPC `code` | exit code | meaning | next step |",
            "|---|---|---|---|---|"]
    for kind in REGISTRY.values():
        step = kind.next_step.replace("|", "\\|")
        rows.append(f"| `{kind.name}` | {kind.rpc_code} | {kind.exit_code} | {kind.meaning} | {step} |")
    return "\n".join(rows + ["", TABLE_END])


if __name__ == "__main__":  # print the table of docs/errors.md
    print(markdown_table())
