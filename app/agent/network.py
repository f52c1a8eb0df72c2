"""The agent socket's network methods over the acting tab's :class:`~app.tabs.network.NetworkLog` and its
DevTools details (:mod:`app.tabs.network_cdp`), merged into :func:`app.agent.browser.browser_table`:

- ``network.list(since_id?, type?, status_min?, url?, filter?, static?, limit?, all_documents?)`` → ``{entries, more?,
  navigation, details_since?}``: ``type`` one type or several comma-separated (the spy's ``document``,
  ``image``, ``xhr`` … or DevTools' ``fetch``, ``preflight`` … as chrome-devtools-mcp's ``resourceTypes``);
  ``status_min`` 100..599 (failed requests count as above any); ``url`` a case-insensitive substring of the
  redacted URL; ``filter`` a regular expression searched in the redacted URL (:func:`url_regexp`);
  ``static: false`` leaves out successful static resources (image, font, script, stylesheet, media; Playwright
  MCP's ``static``; default true: all). ``details_since``: Unix s since when entries carry DevTools details (status, size, timing,
  failure); absent when none do now.
- ``network.get(id? | url?, body?)`` → the entry (``network.list``'s fields) with ``request_headers`` and
  ``response_headers`` (redacted: :mod:`app.protocol.headers`) and, with ``body: true``, the response body
  fields of :meth:`app.tabs.network_cdp.NetworkDetail.body`. ``id`` is ``network.list``'s (chrome-devtools-mcp's
  ``reqid``); ``url`` picks the newest entry whose redacted URL contains it. ``NETWORK_REQUEST_NOT_FOUND`` when
  none matches; ``INVALID_PARAMS`` without either.

Both reading calls hold nothing themselves: details exist while an agent acts on the tab or the network view
shows it (:mod:`app.tabs.network_cdp`).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, StrictBool, StrictInt, StrictStr

from app.agent.browser import _mode, _Params
from app.core.errors import PagenoteError
from app.tabs.network_cdp import network_detail

#: Most entries one ``network.list`` answer carries (as ``console.list``).
LIST_LIMIT = 200
#: Longest ``filter`` regular expression (characters), as ``url``'s substring.
FILTER_CHARS = 500
#: Most backtracking steps a ``filter`` may take on one URL (PCRE2's match limit, set in the pattern with
#: ``(*LIMIT_MATCH=…)``); past it the URL does not match. PCRE2's own default is 10,000,000 (~40 ms on a
#: 3,000-character URL for ``(a|a)*$``); this bounds a pathological pattern to well under a millisecond per URL
#: over the ring's 1,000 entries.
FILTER_STEPS = 100_000


def url_regexp(pattern: str):
    """``pattern`` as a predicate on a URL: ``QRegularExpression`` (PCRE2, close to a JavaScript ``RegExp``
    as Playwright MCP's ``filter`` takes it: unanchored, case-sensitive unless ``(?i)``) with at most
    :data:`FILTER_STEPS` backtracking steps per URL, so a pattern that backtracks catastrophically (``(a|a)*$``)
    costs bounded time instead of hanging the app (Python's ``re`` has no such limit). Raises
    ``INVALID_PARAMS`` naming ``filter`` for a pattern PCRE2 cannot compile and for one that starts with its own
    start-of-pattern items (``(*LIMIT_MATCH=…)`` would raise the limit)."""
    from PySide6.QtCore import QRegularExpression

    if pattern.startswith("(*"):
        raise PagenoteError("INVALID_PARAMS", "filter: a pattern may not start with '(*' (PCRE2's "
                                              "start-of-pattern settings)", "give a plain regular expression")
    compiled = QRegularExpression(f"(*LIMIT_MATCH={FILTER_STEPS})" + pattern)
    if not compiled.isValid():
        raise PagenoteError("INVALID_PARAMS", f"filter: not a regular expression: {compiled.errorString()} at "
                            f"offset {compiled.patternErrorOffset() - len(f'(*LIMIT_MATCH={FILTER_STEPS})')}",
                            "give a regular expression such as /api/.*user (JavaScript RegExp syntax)")
    return lambda url: compiled.match(url).hasMatch()


class NetworkListParams(_Params):
    since_id: StrictInt = Field(default=0, ge=0)
    type: StrictStr | None = Field(default=None, max_length=200)
    status_min: StrictInt = Field(default=0, ge=0, le=599)
    url: StrictStr | None = Field(default=None, max_length=500)
    filter: StrictStr | None = Field(default=None, min_length=1, max_length=FILTER_CHARS)
    static: StrictBool = True
    limit: StrictInt = Field(default=50, ge=1, le=LIST_LIMIT)
    all_documents: StrictBool = False


class NetworkGetParams(_Params):
    id: StrictInt | None = Field(default=None, ge=1)
    url: StrictStr | None = Field(default=None, min_length=1, max_length=500)
    body: StrictBool = False


def network_list(host: Any, params: NetworkListParams) -> dict:
    """``network.list`` on ``host``'s acting tab (a :class:`~app.agent.browser.BrowserHost`; module docstring);
    ``response_mode: "raw"`` adds ``diagnostics`` (ring size, the session's holders)."""
    tab, parts = host._browser()
    log = parts.network
    entries, more = log.select(since_id=params.since_id, type=params.type, all_documents=params.all_documents,
                               limit=params.limit, status_min=params.status_min, url=params.url,
                               static=params.static,
                               url_matches=url_regexp(params.filter) if params.filter else None)
    result = {"entries": [e.compact() for e in entries], "more": more or None, "navigation": log.navigation,
              "details_since": network_detail(tab).since}
    if _mode(params):
        result["diagnostics"] = {"ring_entries": len(log.entries), "holders": list(tab.cdp.holders)}
    return result


async def network_get(host: Any, params: NetworkGetParams) -> dict:
    """``network.get`` on ``host``'s acting tab (module docstring). Raises ``INVALID_PARAMS`` (neither
    ``id`` nor ``url``) and ``NETWORK_REQUEST_NOT_FOUND``."""
    if params.id is None and params.url is None:
        raise PagenoteError("INVALID_PARAMS", "network.get: give the request's id (from network.list) or a url")
    tab, parts = host._browser()
    log = parts.network
    if params.id is not None:
        entry = log.find(params.id)
        if entry is not None and params.url and params.url.casefold() not in entry.url.casefold():
            entry = None
    else:
        needle = params.url.casefold()
        entry = next((e for e in reversed(log.entries) if needle in e.url.casefold()), None)
    if entry is None:
        what = f"id {params.id}" if params.id is not None else f"a URL containing {params.url!r}"
        raise PagenoteError("NETWORK_REQUEST_NOT_FOUND", f"no request with {what} in the tab's network log "
                            f"({len(log.entries)} kept, ids {log.entries[0].id if log.entries else 0}.."
                            f"{log.entries[-1].id if log.entries else 0})")
    detail = network_detail(tab)
    result = {**entry.compact(), "request_headers": entry.request_headers or None,
              "response_headers": entry.response_headers or None, "details_since": detail.since}
    if params.body:
        result.update(await detail.body(entry))
    return result


def network_table(host: Any, compacted: Any) -> dict:
    """``network.list`` and ``network.get`` for :func:`app.agent.browser.browser_table` (``compacted`` wraps a
    handler as that table does)."""
    return {"network.list": (NetworkListParams, compacted(lambda p: network_list(host, p))),
            "network.get": (NetworkGetParams, compacted(lambda p: network_get(host, p)))}
