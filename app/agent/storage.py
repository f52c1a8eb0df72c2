"""The agent socket's opt-in storage methods (issue 27, requirement 6; MCP ``--caps=storage``): the cookies and
the Web Storage of the tab's page, scoped to it.

Methods (params → result; each result names its tab):

- ``cookie.list(domain?, path?)`` → ``{cookies: [{name, value, domain, path, expires, httpOnly, secure,
  sameSite}], more?}``; ``cookie.get(name)`` → ``{cookies}`` (every cookie of that name: paths differ);
  ``cookie.set(name, value, domain?, path?, expires?, httpOnly?, secure?, sameSite?)`` → ``{cookie}``;
  ``cookie.delete(name)`` → ``{deleted}``; ``cookie.clear`` → ``{deleted}``
- ``storage.list(area)`` → ``{items: [{key, value}], count, more?}``; ``storage.get(area, key)`` → ``{key,
  value, truncated?}``; ``storage.set(area, key, value)``; ``storage.delete(area, key)`` → ``{deleted}``;
  ``storage.clear(area)`` → ``{deleted}`` — ``area``: ``local`` (``localStorage``) or ``session``
  (``sessionStorage``) of the top document

Scope: cookies are those the tab's URL would send (CDP ``Network.getCookies`` with that URL) in the tab's
profile — its lease (:mod:`app.webview.lease`), never another lease's; a cookie is set only for the page's
host or a parent domain of it. CDP's Network domain is the least privilege that reaches ``HttpOnly`` cookies
for one URL (``QWebEngineCookieStore`` can only load the whole profile's). Web Storage is read in pagenote's
isolated world of the top document (storage is per origin: the page's own).

Redaction (rules defined once: :func:`app.protocol.redact.is_secret_param`, :func:`~app.protocol.redact.secret_value`,
:func:`app.protocol.body_redact.redact_body`): in lists, the value of a credential-like name (``session``,
``auth_token``, ``csrftoken``…), of an ``HttpOnly`` cookie (the page itself cannot read it) and a token-shaped
value are ``REDACTED``; other values lose credentials inside them (a JSON ``{"access_token": …}``, a URL's
``?code=…``). ``cookie.get`` / ``storage.get`` — asked by name — answer the value itself.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Callable
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from app.agent.verify import pinned
from app.core.errors import PagenoteError
from app.core.secret_rules import REDACTED_VALUE
from app.protocol.body_redact import redact_body
from app.protocol.redact import is_secret_param, secret_value

#: A listed value is cut to this many characters; a value asked by name to :data:`GET_CHARS`.
LIST_VALUE_CHARS = 500
#: How much of a value a list reads to redact it before the cut (a credential straddling the cut is found whole).
LIST_READ_CHARS = 4 * LIST_VALUE_CHARS
GET_CHARS = 100_000
#: Most entries one list answers.
LIST_MAX = 200
Area = Literal["local", "session"]


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CookieListParams(_Params):
    domain: StrictStr | None = Field(default=None, max_length=255)
    path: StrictStr | None = Field(default=None, max_length=2000)


class CookieNameParams(_Params):
    name: StrictStr = Field(min_length=1, max_length=4096)


class CookieSetParams(CookieNameParams):
    value: StrictStr = Field(max_length=4096)
    domain: StrictStr | None = Field(default=None, min_length=1, max_length=255)
    path: StrictStr | None = Field(default=None, min_length=1, max_length=2000)
    expires: float | None = Field(default=None, ge=0, le=253402300799)  # up to 9999-12-31
    httpOnly: StrictBool = False   # noqa: N815 (Playwright MCP's names)
    secure: StrictBool = False
    sameSite: Literal["Strict", "Lax", "None"] | None = None  # noqa: N815


class AreaParams(_Params):
    area: Area


class KeyParams(AreaParams):
    key: StrictStr = Field(max_length=10_000)


class SetParams(KeyParams):
    value: StrictStr = Field(max_length=1_000_000)


def listed_value(name: str, value: str, *, http_only: bool = False, length: int | None = None) -> str:
    """``value`` as a list shows it: ``REDACTED`` for a credential-like ``name``, an ``HttpOnly`` cookie or a
    token-shaped value; otherwise with credentials inside it redacted, then cut to :data:`LIST_VALUE_CHARS` —
    redacted first, so a credential the cut would split (``{"password": "hun`` …) is still found whole.
    ``length``: the whole value's length when ``value`` is only its first part (a page's storage is read up
    to :data:`LIST_READ_CHARS`); when what was read, redacted, no longer reaches past the cut, the end read is
    not shown either (it may split a credential): the value is ``REDACTED``."""
    if http_only or is_secret_param(name) or secret_value(value):
        return REDACTED_VALUE
    shown = redact_body(value[:LIST_READ_CHARS])
    if max(length or 0, len(value)) > LIST_READ_CHARS and len(shown) <= LIST_VALUE_CHARS:
        return REDACTED_VALUE
    return shown[:LIST_VALUE_CHARS]


def _page_url(tab: Any) -> tuple[str, str]:
    """``(url, host)`` of the tab's page. Raises ``INVALID_REQUEST`` for a page without cookies (not http(s))."""
    url = tab.page.url().toString()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PagenoteError("INVALID_REQUEST", f"the page's URL has no cookies ({parts.scheme or 'no'} scheme)",
                            "navigate to an http(s) page first")
    return url, parts.hostname


def _domain_matches(host: str, domain: str) -> bool:
    """RFC 6265 §5.1.3 domain-match of ``host`` against a cookie ``domain`` (a leading dot ignored): the same
    string, or ``host`` a host name (not an IP address) ending in ``.`` + ``domain``."""
    domain = domain.lstrip(".").lower()
    return bool(domain) and (host == domain or (not _is_ip(host) and host.endswith("." + domain)))


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def _cookie_view(c: dict, full: bool) -> dict:
    name, value = c.get("name", ""), c.get("value", "")
    shown = value[:GET_CHARS] if full else listed_value(name, value, http_only=bool(c.get("httpOnly")))
    out = {"name": name, "value": shown, "domain": c.get("domain"), "path": c.get("path"),
           "expires": c.get("expires") if (c.get("expires") or -1) > 0 else None,
           "httpOnly": bool(c.get("httpOnly")), "secure": bool(c.get("secure")), "sameSite": c.get("sameSite")}
    return {k: v for k, v in out.items() if v is not None}


async def _cookies(tab: Any) -> tuple[list[dict], str, str]:
    url, host = _page_url(tab)
    answer = await tab.cdp.send("Network.getCookies", {"urls": [url]})
    return list(answer.get("cookies") or []), url, host


async def cookie_list(tab: Any, p: CookieListParams) -> dict:
    """``cookie.list``: the page's cookies (module docstring), those of ``p.domain`` (that domain or under it) and
    ``p.path`` when given; values as :func:`listed_value` shows them. Raises ``INVALID_REQUEST`` (no http(s) page)
    and the CDP errors."""
    cookies, _url, _host = await _cookies(tab)
    picked = [c for c in cookies if (p.domain is None or _domain_matches(c.get("domain", "").lstrip("."), p.domain)
                                     or c.get("domain", "").lstrip(".") == p.domain.lstrip("."))
              and (p.path is None or c.get("path") == p.path)]
    return {"cookies": [_cookie_view(c, False) for c in picked[:LIST_MAX]], "more": len(picked) > LIST_MAX or None}


async def cookie_get(tab: Any, p: CookieNameParams) -> dict:
    """``cookie.get``: every cookie of the page named ``p.name``, values whole (up to :data:`GET_CHARS`). Raises
    ``NOT_FOUND``, ``INVALID_REQUEST`` and the CDP errors."""
    cookies, _url, _host = await _cookies(tab)
    found = [_cookie_view(c, True) for c in cookies if c.get("name") == p.name]
    if not found:
        raise PagenoteError("NOT_FOUND", f"the page has no cookie named {p.name[:80]!r}",
                            "browser_cookie_list lists the page's cookies")
    return {"cookies": found}


async def cookie_set(tab: Any, p: CookieSetParams) -> dict:
    """``cookie.set``: set the cookie for the page's URL (or ``p.domain``, the page's host or a parent of it; path
    default ``/``); ``{cookie, visible_to_page}``. Raises ``INVALID_PARAMS`` (another site, ``sameSite: None``
    without ``secure``, a cookie Chromium refuses), ``INVALID_REQUEST`` and the CDP errors."""
    url, host = _page_url(tab)
    if p.domain is not None and not _domain_matches(host, p.domain):
        raise PagenoteError("INVALID_PARAMS", f"cookie.set: domain {p.domain[:80]!r} is not the page's host "
                            f"({host}) or a parent domain of it", "set cookies for the tab's own site")
    if p.sameSite == "None" and not p.secure:
        raise PagenoteError("INVALID_PARAMS", "cookie.set: sameSite None needs secure true (Chromium refuses it)")
    # Always with the page's URL: Chromium then checks a given domain against it as for a Set-Cookie header
    # (a public suffix such as github.io for foo.github.io is refused); without it, CDP makes the cookie for
    # the domain's own host — another site.
    params: dict[str, Any] = {"name": p.name, "value": p.value, "httpOnly": p.httpOnly, "secure": p.secure,
                              "url": url}
    if p.domain is not None:
        params["domain"] = p.domain
    params["path"] = p.path or "/"
    if p.expires is not None:
        params["expires"] = float(p.expires)
    if p.sameSite is not None:
        params["sameSite"] = p.sameSite
    try:
        answer = await tab.cdp.send("Network.setCookie", params)
    except PagenoteError as exc:   # Chromium's "Sanitizing cookie failed": the name, value or flags
        if exc.name != "CDP_FAILED":
            raise
        answer = {"success": False}
    if answer.get("success") is False:
        raise PagenoteError("INVALID_PARAMS", f"cookie.set: Chromium refused the cookie {p.name[:80]!r}",
                            "check the name, value, path and flags (a secure cookie needs an https page)")
    cookies, _url, _host = await _cookies(tab)
    mine = next((c for c in cookies if c.get("name") == p.name and c.get("path") == params["path"]), None)
    return {"cookie": _cookie_view(mine, False) if mine else {"name": p.name, "path": params["path"]},
            "visible_to_page": mine is not None}


async def _delete(tab: Any, cookies: list[dict]) -> int:
    for c in cookies:
        await tab.cdp.send("Network.deleteCookies", {"name": c["name"], "domain": c.get("domain", ""),
                                                     "path": c.get("path", "/")})
    return len(cookies)


async def cookie_delete(tab: Any, p: CookieNameParams) -> dict:
    """``cookie.delete``: delete the page's cookies named ``p.name`` (every path); ``{deleted}``. Raises
    ``NOT_FOUND``, ``INVALID_REQUEST`` and the CDP errors."""
    cookies, _url, _host = await _cookies(tab)
    named = [c for c in cookies if c.get("name") == p.name]
    if not named:
        raise PagenoteError("NOT_FOUND", f"the page has no cookie named {p.name[:80]!r}",
                            "browser_cookie_list lists the page's cookies")
    return {"deleted": await _delete(tab, named)}


async def cookie_clear(tab: Any, _p: _Params) -> dict:
    """``cookie.clear``: delete every cookie the page's URL sends; ``{deleted}``."""
    cookies, _url, _host = await _cookies(tab)
    return {"deleted": await _delete(tab, cookies)}


#: One Web Storage operation in pagenote's world of the top document: ``o`` = {area, op, key?, value?, max?};
#: answers JSON ({items, count} | {value, found, length} | {ok} | {deleted} | {error}).
_STORAGE_JS = """(function (o) {
  let s;
  try { s = o.area === 'session' ? window.sessionStorage : window.localStorage; }
  catch (e) { return JSON.stringify({ error: String((e && e.message) || e) }); }
  if (!s) return JSON.stringify({ error: 'no storage in this document' });
  try {
    if (o.op === 'list') {
      const items = [];
      for (let i = 0; i < s.length && items.length < o.max; i++) {
        const k = s.key(i); const v = s.getItem(k) || '';
        items.push({ key: k.slice(0, 1000), value: v.slice(0, o.chars), length: v.length });
      }
      return JSON.stringify({ items, count: s.length });
    }
    if (o.op === 'get') {
      const v = s.getItem(o.key);
      return JSON.stringify(v === null ? { found: false } : { found: true, value: v.slice(0, o.chars), length: v.length });
    }
    if (o.op === 'set') { s.setItem(o.key, o.value); return JSON.stringify({ ok: true }); }
    if (o.op === 'delete') { const had = s.getItem(o.key) !== null; s.removeItem(o.key); return JSON.stringify({ deleted: had ? 1 : 0 }); }
    if (o.op === 'clear') { const n = s.length; s.clear(); return JSON.stringify({ deleted: n }); }
  } catch (e) { return JSON.stringify({ error: String((e && e.message) || e) }); }
  return JSON.stringify({ error: 'unknown operation' });
})"""


async def _storage(tab: Any, o: dict) -> dict:
    await tab.settled()
    raw = await tab.bridge.run(f"{_STORAGE_JS}({json.dumps(o)})", timeout_ms=10_000, what="storage")
    if not raw:
        raise PagenoteError("FRAME_GONE", "the document went away during the storage call")
    answer = json.loads(raw)
    if "error" in answer:
        area = "sessionStorage" if o["area"] == "session" else "localStorage"
        raise PagenoteError("INVALID_REQUEST", f"{area} is not available here: {str(answer['error'])[:200]}",
                            "navigate to an http(s) page first")
    return answer


async def storage_list(tab: Any, p: AreaParams) -> dict:
    """``storage.list``: the first :data:`LIST_MAX` items of ``p.area``'s storage, values as :func:`listed_value`
    shows them, with each value's ``length``; ``count``: all items. Raises ``INVALID_REQUEST`` (no storage)."""
    answer = await _storage(tab, {"area": p.area, "op": "list", "max": LIST_MAX, "chars": LIST_READ_CHARS})
    items = [{"key": i["key"], "value": listed_value(i["key"], i["value"], length=i["length"]), "length": i["length"]}
             for i in answer["items"]]
    return {"items": items, "count": answer["count"], "more": answer["count"] > len(items) or None}


async def storage_get(tab: Any, p: KeyParams) -> dict:
    """``storage.get``: the item's value (up to :data:`GET_CHARS`). Raises ``NOT_FOUND``, ``INVALID_REQUEST``."""
    answer = await _storage(tab, {"area": p.area, "op": "get", "key": p.key, "chars": GET_CHARS})
    if not answer["found"]:
        raise PagenoteError("NOT_FOUND", f"no {p.area}Storage item {p.key[:80]!r}",
                            f"browser_{p.area}storage_list lists the keys")
    return {"key": p.key, "value": answer["value"], "length": answer["length"],
            "truncated": answer["length"] > GET_CHARS or None}


async def storage_set(tab: Any, p: SetParams) -> dict:
    """``storage.set``: set the item; ``{key, length}``. Raises ``INVALID_REQUEST`` (no storage, over quota)."""
    await _storage(tab, {"area": p.area, "op": "set", "key": p.key, "value": p.value})
    return {"key": p.key, "length": len(p.value)}


async def storage_delete(tab: Any, p: KeyParams) -> dict:
    """``storage.delete``: ``{key, deleted}`` (0 when there was no such item)."""
    return {"key": p.key, **await _storage(tab, {"area": p.area, "op": "delete", "key": p.key})}


async def storage_clear(tab: Any, p: AreaParams) -> dict:
    """``storage.clear``: ``{deleted}``: how many items there were."""
    return await _storage(tab, {"area": p.area, "op": "clear"})


def storage_table(app: Any) -> dict[str, tuple[type[BaseModel], Callable[[Any], Any]]]:
    """The storage methods for :class:`app.agent.methods.Methods`' table (``name → (params model, handler)``),
    each pinned to the active tab (:func:`app.agent.verify.pinned`)."""
    def compact(handler):
        async def run(tab, p):
            return {k: v for k, v in (await handler(tab, p)).items() if v is not None}
        return pinned(app, run)

    return {
        "cookie.list": (CookieListParams, compact(cookie_list)), "cookie.get": (CookieNameParams, compact(cookie_get)),
        "cookie.set": (CookieSetParams, compact(cookie_set)),
        "cookie.delete": (CookieNameParams, compact(cookie_delete)), "cookie.clear": (_Params, compact(cookie_clear)),
        "storage.list": (AreaParams, compact(storage_list)), "storage.get": (KeyParams, compact(storage_get)),
        "storage.set": (SetParams, compact(storage_set)), "storage.delete": (KeyParams, compact(storage_delete)),
        "storage.clear": (AreaParams, compact(storage_clear)),
    }
