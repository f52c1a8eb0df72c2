"""The agent's ``page.context`` and ``page.wait_for_change`` methods over the active tab's top document
(:mod:`app.tabs.context`).

- ``page.context(detail?, ref?, selector?, max_nodes?, max_chars?, cursor?)`` → ``{protocol, doc, revision,
  page, nodes, truncated, next_cursor?}``. ``detail`` ``summary`` | ``semantic`` (default) | ``forensic``;
  the scope is the page, one ``ref`` (of a snapshot or an earlier read) or one ``selector``. Limits are
  :data:`~app.core.policy.CONTEXT_MAX_NODES` nodes and :data:`~app.core.policy.CONTEXT_MAX_CHARS` chars of
  node JSON, and a request may only lower them. A truncated read gives an opaque ``next_cursor`` bound to the
  tab, the document, its revision, the detail, the scope and the limits: used after the page changed it is
  ``CURSOR_EXPIRED``, with other parameters ``CURSOR_MISMATCH`` — never restarted from the first page.
- ``page.wait_for_change(since_revision, timeout_ms)`` → ``{doc, revision, status: 'complete', changed,
  removed, page_changed, untracked}`` or ``{doc, revision, status: 'reset_required', reason}`` (reason
  ``history``: more than :data:`~app.core.policy.REVISION_HISTORY` revisions passed; ``budget``: the
  invalidation would list more than :data:`~app.core.policy.DIFF_MAX_REFS` refs or a revision touched too many
  elements; ``document``: another document is shown). ``timeout_ms`` an integer 0..300,000; a wait that sees no
  change answers an empty ``complete`` diff at its timeout. A ``since_revision`` after the shown document's
  revision is ``reset_required`` (``document``) when an earlier document of the tab reached it (as far as any
  answer — snapshot, page-context read, wait — showed, :class:`RevisionLedger`), else ``INVALID_PARAMS``: a
  revision no page of the tab had is a wrong argument, not a reason to read everything again (issue 27,
  defect 4).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import weakref
from collections import OrderedDict
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from app.core.errors import PagenoteError
from app.core.policy import CONTEXT_MAX_CHARS, CONTEXT_MAX_NODES, DIFF_MAX_REFS
from app.tabs.context import read_context, wait_for_change
from app.tabs.revisions import RevisionFeed
from app.tabs.tab import Tab
from app.webview.source_lines import map_node_sources

#: The page-context record's version (``protocol`` in every answer).
PROTOCOL = 1
MAX_WAIT_MS = 300_000
_REF = re.compile(r"e\d{1,9}\Z")
_KEY = os.urandom(32)   # cursors are signed per process: an app restart expires them


class ContextParams(BaseModel):
    """``page.context`` params (module docstring)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    detail: Literal["summary", "semantic", "forensic"] = "semantic"
    ref: StrictStr | None = Field(default=None, max_length=40)
    selector: StrictStr | None = Field(default=None, min_length=1, max_length=2000)
    max_nodes: StrictInt = Field(default=CONTEXT_MAX_NODES, ge=1, le=CONTEXT_MAX_NODES)
    max_chars: StrictInt = Field(default=CONTEXT_MAX_CHARS, ge=1_000, le=CONTEXT_MAX_CHARS)
    cursor: StrictStr | None = Field(default=None, max_length=1000)


class WaitChangeParams(BaseModel):
    """``page.wait_for_change`` params: ``since_revision`` (≥ 1, not after the page's) and ``timeout_ms``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    since_revision: StrictInt = Field(ge=1)
    timeout_ms: StrictInt = Field(ge=0, le=MAX_WAIT_MS)


#: Documents per tab whose highest given revision the ledger keeps.
LEDGER_DOCS = 8
NEXT_REVISION = ("pass a revision a browser_snapshot or browser_page_context answer gave (socket: snapshot, "
                 "page.context), or read the page again")


class RevisionLedger:
    """The revisions agents were given or shown, per tab (held weakly: a closed tab's entry goes with it): the
    highest revision any answer (snapshot, page-context read, wait, an action's snapshot) named for each of the
    tab's last :data:`LEDGER_DOCS` documents — what tells a revision of a document no longer shown from one no
    document of the tab ever reached."""

    def __init__(self) -> None:
        self._tabs: weakref.WeakKeyDictionary[Tab, OrderedDict[str, int]] = weakref.WeakKeyDictionary()

    def note(self, tab: Tab, doc: str | None, revision: Any) -> None:
        """Record that an answer about ``tab`` named ``revision`` of document ``doc`` (ignored without both)."""
        if not doc or not isinstance(revision, int) or isinstance(revision, bool):
            return
        docs = self._tabs.setdefault(tab, OrderedDict())
        docs[doc] = max(revision, docs.pop(doc, 0))   # re-inserted: the last document named is last
        while len(docs) > LEDGER_DOCS:
            docs.popitem(last=False)

    def highest(self, tab: Tab, besides: str = "") -> int:
        """The highest revision noted for ``tab``'s documents other than ``besides`` (0: none)."""
        return max((rev for doc, rev in (self._tabs.get(tab) or {}).items() if doc != besides), default=0)


#: The process's ledger (keyed by the tab objects themselves, so two apps in one process never share one).
LEDGER = RevisionLedger()


def _sign(body: bytes) -> str:
    return hmac.new(_KEY, body, hashlib.sha256).hexdigest()[:24]


def make_cursor(tab_id: str, doc: str, revision: int, offset: int, key: list) -> str:
    """An opaque cursor: the read's tab, document, revision, next node offset and parameter ``key``, signed."""
    body = json.dumps([tab_id, doc, revision, offset, key], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(body).decode().rstrip("=") + "." + _sign(body)


def open_cursor(cursor: str) -> tuple[str, str, int, int, list]:
    """``(tab_id, doc, revision, offset, key)`` of a cursor :func:`make_cursor` made. Raises
    ``INVALID_PARAMS`` for anything else (a changed or made-up cursor)."""
    text, _, mac = cursor.partition(".")
    try:
        body = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        fields = json.loads(body) if hmac.compare_digest(_sign(body), mac) else None
    except (ValueError, TypeError):
        fields = None
    if not isinstance(fields, list) or len(fields) != 5:
        raise PagenoteError("INVALID_PARAMS", "page.context: cursor is not one pagenote gave",
                            "pass next_cursor exactly as a page.context answer gave it, or leave it out")
    return tuple(fields)  # type: ignore[return-value]


def _scope(params: ContextParams) -> tuple[str, str]:
    if params.ref is not None and params.selector is not None:
        raise PagenoteError("INVALID_PARAMS", "page.context: pass ref or selector, not both")
    if params.ref is not None:
        if not _REF.match(params.ref):
            raise PagenoteError("INVALID_PARAMS", f"page.context: {params.ref!r} is not a ref of the top document",
                                "page.context reads the top document; pass a ref like e12 (iframe refs f2e5 are "
                                "not supported), or a selector")
        return "ref", params.ref
    if params.selector is not None:
        return "selector", params.selector
    return "page", ""


def _raise_scope(answer: dict, scope: tuple[str, str]) -> None:
    error = answer.get("error")
    if error == "ref":
        raise PagenoteError("STALE_REF", f"{scope[1]} names no element of the page now")
    if error == "bad_selector":
        raise PagenoteError("BAD_SELECTOR", answer.get("message") or f"not a valid selector: {scope[1]}")
    if error == "frame":
        raise PagenoteError("INVALID_PARAMS", "page.context reads the top document; the selector enters an iframe")
    if error == "count":
        count = answer.get("count", 0)
        name = "SELECTOR_NOT_FOUND" if count == 0 else "SELECTOR_NOT_UNIQUE"
        raise PagenoteError(name, f"{answer.get('step') or scope[1]!r} matches {count} elements; a scope is one element")


class ContextKeeper:
    """Per-tab wake-up feeds (:class:`RevisionFeed`) and the document each tab's revisions were last read
    from (the revisions all answers gave are in :data:`LEDGER`). ``sources()`` says whether source hints are on
    (the app's setting)."""

    def __init__(self, sources=lambda: True) -> None:
        self.feeds: dict[str, RevisionFeed] = {}
        self.docs: dict[str, str] = {}
        self.sources = sources

    def feed(self, tab: Tab) -> RevisionFeed:
        """The tab's wake-up feed (made at first use)."""
        if tab.id not in self.feeds:
            self.feeds[tab.id] = RevisionFeed(tab.page)
        return self.feeds[tab.id]

    async def context(self, tab: Tab, params: ContextParams) -> dict[str, Any]:
        """``page.context`` (module docstring). Raises ``INVALID_PARAMS``, ``CURSOR_EXPIRED``,
        ``CURSOR_MISMATCH``, ``STALE_REF``, the selector errors, ``BROWSER_PAGE_CHANGING`` and the bridge's."""
        scope = _scope(params)
        key = [params.detail, *scope, params.max_nodes, params.max_chars]
        offset, revision, doc = 0, None, None
        if params.cursor is not None:
            tab_id, doc, revision, offset, bound = open_cursor(params.cursor)
            if tab_id != tab.id or bound != key:
                raise PagenoteError("CURSOR_MISMATCH", "page.context: the cursor was made for other parameters "
                                    f"({'another tab' if tab_id != tab.id else ', '.join(map(str, bound))})")
        await tab.settled()
        self.feed(tab)
        options = {"detail": params.detail, "scope": scope[0], "target": scope[1], "max_nodes": params.max_nodes,
                   "max_chars": params.max_chars, "offset": offset, "revision": revision}
        sources = params.detail != "summary" and bool(self.sources()) and tab.annotator.source_hints
        answer = await read_context(tab.bridge, options, sources, tab.annotator.source_roots)
        if sources:   # React 19 hints' lines, through their modules' source maps (read once per page load)
            await map_node_sources(answer.get("nodes") or [], getattr(tab.annotator, "locator", None),
                                   tab.view.url().toString(), tab.annotator.source_roots)
        if answer.get("expired") or (doc is not None and answer.get("doc") != doc):
            raise PagenoteError("CURSOR_EXPIRED", f"the page changed since the cursor's read (revision {revision}, "
                                f"now {answer.get('revision')}{'' if answer.get('doc') == doc else ', another document'})")
        _raise_scope(answer, scope)
        self.docs[tab.id] = answer["doc"]
        LEDGER.note(tab, answer["doc"], answer["revision"])
        result: dict[str, Any] = {"protocol": PROTOCOL, "doc": answer["doc"], "revision": answer["revision"],
                                  "page": answer["page"], "nodes": answer["nodes"],
                                  "truncated": answer.get("next_offset") is not None}
        if result["truncated"]:
            result["next_cursor"] = make_cursor(tab.id, answer["doc"], answer["revision"], answer["next_offset"], key)
        return result

    async def wait(self, tab: Tab, params: WaitChangeParams) -> dict[str, Any]:
        """``page.wait_for_change`` (module docstring). A ``since_revision`` after the shown document's revision
        is a reset (``document``) when it is a revision an earlier document of the tab reached
        (:data:`LEDGER`), else ``INVALID_PARAMS``. Raises ``INVALID_PARAMS`` and the bridge's errors."""
        since = params.since_revision
        await tab.settled()
        try:
            shown = await tab.bridge.call("revisionStats")
        except PagenoteError as exc:   # a document coming: the wait below waits for its script
            if exc.name not in ("FRAME_GONE", "PAGE_SCRIPT_MISSING"):
                raise
            shown = None
        if isinstance(shown, dict) and isinstance(shown.get("revision"), int) and since > shown["revision"]:
            reached = LEDGER.highest(tab, besides=shown.get("doc", ""))
            if since > reached:
                raise PagenoteError("INVALID_PARAMS", f"since_revision {since} was never a revision of this tab's "
                                    f"pages: the page is at revision {shown['revision']}"
                                    + (f", the pages shown before reached {reached}" if reached else ""),
                                    NEXT_REVISION)
            self.docs[tab.id] = shown.get("doc", "")
            LEDGER.note(tab, shown.get("doc"), shown["revision"])
            return {"doc": shown.get("doc"), "revision": shown["revision"], "status": "reset_required",
                    "reason": "document"}   # a revision of a document no longer shown
        try:
            diff = await wait_for_change(tab.bridge, self.feed(tab), since, params.timeout_ms, DIFF_MAX_REFS,
                                         self.docs.get(tab.id))
        except PagenoteError as exc:
            if exc.name != "INVALID_PARAMS":
                raise
            raise PagenoteError("INVALID_PARAMS", exc.message, NEXT_REVISION) from None
        if diff.get("reason") == "future":
            raise PagenoteError("INVALID_PARAMS", f"since_revision {since} is after the page's revision "
                                f"{diff.get('revision')}", NEXT_REVISION)
        if diff.get("status") == "reset_required":
            diff.pop("changed", None)
            diff.pop("removed", None)
        self.docs[tab.id] = diff.get("doc") or self.docs.get(tab.id, "")
        LEDGER.note(tab, diff.get("doc"), diff.get("revision"))
        return diff
