"""Reading a file the page's own server serves — a transformed module, a source map — for the ``Source:`` lines
(:mod:`app.webview.source_lines`) and the ``CSS:`` block (:mod:`app.webview.css_rules`). The page names these
URLs (a stack frame, a ``sourceMappingURL`` comment, a stylesheet's map), so it is hostile input, and the rules
are kept here, once:

- only ``http``/``https`` URLs on the page's own origin (:func:`same_origin`; origins spelled as
  :func:`app.webview.policy.origin_of` spells them: default ports left out);
- no proxy (a dev server is local; the user's proxy has no business seeing its files);
- no redirect followed: a 3xx is an answer from elsewhere (urllib then raises ``HTTPError``);
- HTTP 200 only, at most ``limit`` bytes, :data:`FETCH_TIMEOUT_S` for the connection and each read;
- no cookies or credentials are sent (urllib keeps none).

Blocking: call :func:`fetch_text` in a worker thread (``loop.run_in_executor``), never on the Qt thread.
"""

from __future__ import annotations

import urllib.parse
import urllib.request

from app.webview.policy import origin_of

__all__ = ["FETCH_TIMEOUT_S", "FetchRefused", "fetch_text", "http_origin", "same_origin"]

#: Seconds a fetch waits to connect, and for each read.
FETCH_TIMEOUT_S = 3.0


class FetchRefused(ValueError):
    """The URL is not one pagenote reads (another origin, not http(s)), or the answer is not a 200 within the
    limit."""


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer from elsewhere: refused."""

    def redirect_request(self, *args, **kwargs):
        return None


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect)


def http_origin(url: str) -> str:
    """The origin of an ``http``/``https`` URL (``http://127.0.0.1:5173``), ``""`` for any other URL."""
    try:
        scheme = urllib.parse.urlsplit(url).scheme.lower()
    except ValueError:
        return ""
    return origin_of(url) if scheme in ("http", "https") else ""


def same_origin(url: str, origin: str) -> bool:
    """True when ``url`` is an http(s) URL on ``origin`` (as :func:`http_origin` spells it)."""
    return bool(origin) and http_origin(url) == origin


def fetch_text(url: str, origin: str, limit: int) -> str:
    """The text at ``url`` (on ``origin``; UTF-8, undecodable bytes replaced). Raises :class:`FetchRefused`
    (another origin, not 200, over ``limit`` bytes), ``OSError`` (``URLError``, ``HTTPError`` for a 3xx/4xx,
    timeouts) or ``http.client.HTTPException`` (a broken answer)."""
    if not same_origin(url, origin):
        raise FetchRefused(f"not on the page's origin {origin or '(none)'}")
    request = urllib.request.Request(url, headers={"Accept": "*/*"})
    with _OPENER.open(request, timeout=FETCH_TIMEOUT_S) as response:   # noqa: S310 (http(s) on the origin only)
        if response.status != 200:
            raise FetchRefused(f"HTTP {response.status}")
        data = response.read(limit + 1)
    if len(data) > limit:
        raise FetchRefused(f"over {limit:,} bytes")
    return data.decode("utf-8", "replace")
