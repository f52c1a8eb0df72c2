"""JavaScript dialogs as pagenote answers them (issue 9 §1): the policy and the record of one dialog. No Qt.

Qt's ``QWebEnginePage.javaScriptAlert``/``javaScriptConfirm``/``javaScriptPrompt`` are virtuals that hold the
page's script until they return; Qt's defaults open a modal ``QMessageBox`` — with no window (``pagenote
capture``, ``pagenote serve``) nobody can close it and the page hangs. :class:`~app.webview.guest.Guest`
returns at once with :meth:`DialogPolicy.answer`. Qt also routes a ``beforeunload`` confirmation through
``javaScriptConfirm`` (with its own fixed text, Qt docs of ``QWebEnginePage::javaScriptConfirm``); pagenote
always leaves the page then, so a navigation is never held up.

The message is page data: it is cut to :data:`~app.core.policy.DIALOG_TEXT_CAP` and URLs in it are redacted
(:func:`~app.protocol.redact.redact_urls`) before anything records or prints it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from app.core.policy import DIALOG_LOOP_LIMIT, DIALOG_TEXT_CAP, LINE_MARK
from app.protocol.redact import redact_urls

#: Dialog kinds, as ``DialogSeen.kind`` names them.
KINDS = ("alert", "confirm", "prompt", "beforeunload")
#: Policy modes, as ``--dialogs`` names them.
MODES = ("dismiss", "accept")


def page_text(text: str | None) -> str | None:
    """``text`` as pagenote may record it: URLs redacted, then cut to :data:`DIALOG_TEXT_CAP` code points
    (ending in the policy's line mark). ``None`` stays ``None``."""
    if text is None:
        return None
    text = redact_urls(text)
    if len(text) > DIALOG_TEXT_CAP:
        text = text[: DIALOG_TEXT_CAP - len(LINE_MARK)] + LINE_MARK
    return text


@dataclass(frozen=True)
class DialogPolicy:
    """How pagenote answers the page's dialogs. ``mode`` is one of :data:`MODES`:

    ============  =========  ==============  =======================  ============
    mode          alert      confirm()       prompt()                 beforeunload
    ============  =========  ==============  =======================  ============
    ``dismiss``   OK         ``false``       ``null`` (cancelled)     leave
    ``accept``    OK         ``true``        its default value        leave
    ============  =========  ==============  =======================  ============

    Raises ``ValueError`` for another mode."""

    mode: str = "dismiss"

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"dialog policy must be one of {MODES}, not {self.mode!r}")

    def answer(self, kind: str, default: str | None = None) -> tuple[str, bool | str | None]:
        """``(answered, value)`` for a dialog of ``kind``: ``answered`` is ``"dismissed"``, ``"accepted"`` or
        ``"left"`` (beforeunload); ``value`` is what the page's call returns (``None`` for alert, a bool for
        confirm and beforeunload — ``True`` leaves —, the prompt's text or ``None``). Raises ``ValueError``
        for an unknown kind."""
        accept = self.mode == "accept"
        if kind == "alert":
            return ("accepted" if accept else "dismissed"), None
        if kind == "confirm":
            return ("accepted" if accept else "dismissed"), accept
        if kind == "prompt":
            return ("accepted", default or "") if accept else ("dismissed", None)
        if kind == "beforeunload":
            return "left", True
        raise ValueError(f"not a dialog kind: {kind!r}")


@dataclass(frozen=True)
class DialogSeen:
    """One dialog the page opened and how pagenote answered it (at once).

    ``kind``: one of :data:`KINDS`. ``message``: its text (:func:`page_text`). ``default``: a prompt's
    default value (:func:`page_text`), else ``None``. ``url``: the page's URL, redacted. ``answered``:
    ``"dismissed"``, ``"accepted"`` or ``"left"``. ``value``: what the page's call returned (a prompt's
    accepted text as :func:`page_text` shows it). ``index``: 1-based count of dialogs in this document.
    ``suppressed``: ``index`` is past :data:`~app.core.policy.DIALOG_LOOP_LIMIT` — the page is in a dialog
    loop; the dialog was answered all the same but is not reported one by one."""

    kind: str
    message: str
    default: str | None
    url: str
    answered: str
    value: bool | str | None = None
    index: int = 1
    suppressed: bool = False

    @classmethod
    def make(cls, kind: str, message: str, default: str | None, url: str, policy: DialogPolicy,
             index: int) -> tuple[DialogSeen, bool | str | None]:
        """The record of a dialog numbered ``index`` in its document, and the raw value to hand back to the
        page (unredacted: the page gets its own prompt default back)."""
        answered, value = policy.answer(kind, default)
        shown = page_text(value) if isinstance(value, str) else value
        seen = cls(kind, page_text(message) or "", page_text(default), redact_urls(url), answered, shown, index,
                   index > DIALOG_LOOP_LIMIT)
        return seen, value

    def to_json(self) -> dict:
        """``{kind, message, default, url, answered, value}``: the dialog as agents and ``--format json``
        show it."""
        data = asdict(self)
        del data["index"], data["suppressed"]
        return data

    def line(self) -> str:
        """One line for stderr and logs: ``alert "text" → dismissed``, ``confirm "…" → accepted (true)``,
        ``prompt "…" → dismissed (null)``, ``beforeunload "…" → left the page``."""
        text = json.dumps(self.message, ensure_ascii=False)
        if self.kind == "beforeunload":
            return f"{self.kind} {text} → left the page"
        result = "" if self.kind == "alert" else f" ({json.dumps(self.value, ensure_ascii=False)})"
        return f"{self.kind} {text} → {self.answered}{result}"
