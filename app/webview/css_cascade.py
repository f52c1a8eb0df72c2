"""Which declarations win: a ``CSS.getMatchedStylesForNode`` answer turned into the ``CSS:`` block's rules (issue 29,
requirement 2). Plain code: no Qt, no session (:mod:`app.webview.css_rules` asks Chromium and locates files).

Rules (Chromium's ``CSS.getMatchedStylesForNode``; CSS Cascading and Inheritance 4 §6 and §7):

- ``matchedCSSRules`` come in cascade order, the last wins; the block lists them the other way round (most
  specific first), the ``style`` attribute first of all (it beats every rule);
- a declaration *wins* for a longhand when no later one, and no ``!important`` one, sets that longhand: the key
  is (important, rule position, declaration position), the ``style`` attribute last. Cascade layers (whose
  ``!important`` order is reversed) are not modelled;
- only the properties pagenote records count (:data:`RECORDED`: the record's colours, font, display, the box
  model's margin/border/padding and detail.js's style subset); a shorthand is shown as written when it wins for
  all its longhands, else the longhands that win;
- an *inherited* property (:data:`INHERITED`: colour, font, line height …) no rule of the element sets comes
  from the nearest ancestor whose rules set it (``inherited``, nearest first): that ancestor's winning rule is
  listed after the element's own, marked ``inherited``;
- user-agent (and DevTools') rules take part (an ``h2``'s font-size is the UA sheet's, not inherited) but are
  never listed; a rule of a sheet on another origin than the page's takes part and is counted, never read.
"""

from __future__ import annotations

from collections.abc import Callable

from app.model.css import CSS_RULES_CAP, CssRule
from app.model.text import has_invisible
from app.webview.page_fetch import http_origin

#: Matched rules read per element and per ancestor, and ancestors looked at for inherited values.
MATCHED_MAX = 400
ANCESTORS_MAX = 32
_SIDES = ("top", "right", "bottom", "left")
#: detail.js's STYLE_PROPERTIES (tests/test_css_rules.py checks the two lists agree).
STYLE_PROPERTIES = (
    "position", "top", "right", "bottom", "left", "z-index", "box-sizing", "width", "height", "min-width",
    "max-width", "min-height", "max-height", "overflow", "opacity", "visibility", "line-height", "letter-spacing",
    "text-align", "text-transform", "text-decoration-line", "white-space", "border-radius", "border-style",
    "border-color", "box-shadow", "outline", "transform", "transition-property", "animation-name", "cursor",
    "pointer-events", "flex-direction", "flex-wrap", "justify-content", "align-items", "align-self", "flex",
    "gap", "grid-template-columns", "grid-template-rows", "order", "float",
)
#: The longhands of the shorthands pagenote records (CSS specs of each property; ``white-space`` is a shorthand
#: of ``white-space-collapse`` and ``text-wrap-mode`` in CSS Text 4 and Chromium ≥ 114).
_LONGHANDS = {
    "overflow": ("overflow-x", "overflow-y"),
    "white-space": ("white-space-collapse", "text-wrap-mode"),
    "border-radius": tuple(f"border-{c}-radius" for c in ("top-left", "top-right", "bottom-right", "bottom-left")),
    "border-style": tuple(f"border-{s}-style" for s in _SIDES),
    "border-color": tuple(f"border-{s}-color" for s in _SIDES),
    "outline": ("outline-color", "outline-style", "outline-width"),
    "flex": ("flex-grow", "flex-shrink", "flex-basis"),
    "gap": ("row-gap", "column-gap"),
}
#: The longhands whose winning declarations the block shows: what the record reads from getComputedStyle.
RECORDED: frozenset[str] = frozenset(
    {"color", "background-color", "font-size", "font-family", "font-weight", "display"}
    | {f"{box}-{s}" for box in ("margin", "padding") for s in _SIDES} | {f"border-{s}-width" for s in _SIDES}
    | {p for p in STYLE_PROPERTIES if p not in _LONGHANDS} | {x for p in _LONGHANDS.values() for x in p})
#: Of those, the inherited ones (each property's "Inherited: yes" in its spec's property table).
INHERITED: frozenset[str] = RECORDED & frozenset({
    "color", "font-size", "font-family", "font-weight", "line-height", "letter-spacing", "text-align",
    "text-transform", "visibility", "cursor", "pointer-events", "white-space-collapse", "text-wrap-mode"})
IMPORTANT = "!important"

#: ``locate(header, line0, column0) -> (file, line1)`` of a position in a sheet, 0-based in, 1-based out.
Locate = Callable[[dict, int, int], tuple[str, int]]
#: One rule of the cascade: (the RuleMatch, or None for a style attribute; its declarations; listed?).
_Entry = tuple[dict | None, list[dict], bool]


def _value(prop: dict) -> str:
    value = str(prop.get("value") or "").strip()
    if value.endswith(IMPORTANT):
        value = value[: -len(IMPORTANT)].rstrip()
    return value + (" " + IMPORTANT if prop.get("important") else "")


def _authored(style: dict) -> list[dict]:
    """The declarations written in a rule (CDP lists the parsed longhands after them, without ``text``; a
    user-agent rule's have no ``text`` at all, so all of them count there)."""
    props = [p for p in (style.get("cssProperties") or [])[:200] if isinstance(p, dict)]
    written = [p for p in props if "text" in p]
    return [p for p in (written if written or style.get("styleSheetId") else props)
            if not p.get("disabled") and p.get("parsedOk", True)]


def _longhands(prop: dict) -> list[tuple[str, str]]:
    subs = [(str(x.get("name")), str(x.get("value") or "")) for x in prop.get("longhandProperties") or []
            if isinstance(x, dict)]
    return subs or [(str(prop.get("name")), str(prop.get("value") or ""))]


def _entries(styles: dict, headers: dict[str, dict], page_origin: str) -> tuple[list[_Entry], int]:
    """The cascade of one element (``styles``: ``{matchedCSSRules, inlineStyle}``) and how many of its rules are
    of cross-origin sheets. Only the page's own rules (origin ``regular``, on its origin) are listed."""
    entries: list[_Entry] = []
    cross = 0
    for match in (styles.get("matchedCSSRules") or [])[:MATCHED_MAX]:
        rule = match.get("rule") if isinstance(match, dict) else None
        if not isinstance(rule, dict):
            continue
        header = headers.get(str(rule.get("styleSheetId")), {})
        url = str(header.get("sourceURL") or "")
        foreign = bool(url) and not header.get("isInline") and http_origin(url) != page_origin
        cross += foreign and rule.get("origin") == "regular"
        entries.append((match, _authored(rule.get("style") or {}), rule.get("origin") == "regular" and not foreign))
    inline = styles.get("inlineStyle")
    if isinstance(inline, dict):
        entries.append((None, _authored(inline), True))
    return entries, cross


def _winners(entries: list[_Entry], names: frozenset[str]) -> dict[str, tuple[tuple, int, int]]:
    """``{longhand: (key, entry index, declaration index)}`` of the declaration that wins each of ``names``."""
    best: dict[str, tuple[tuple, int, int]] = {}
    for i, (_, props, _listed) in enumerate(entries):
        for j, prop in enumerate(props):
            key = (bool(prop.get("important")), i, j)
            for name, _v in _longhands(prop):
                if name in names and (name not in best or key > best[name][0]):
                    best[name] = (key, i, j)
    return best


def _listed(entries: list[_Entry], best: dict, headers: dict[str, dict], locate: Locate, inherited: bool
            ) -> list[tuple[CssRule, bool]]:
    """The listed rules of ``entries`` with their winning declarations (``best``), most specific first, each with
    whether its page text held invisible characters."""
    won = {(i, j) for _, i, j in best.values()}
    out: list[tuple[CssRule, bool]] = []
    for i in range(len(entries) - 1, -1, -1):
        match, props, listed = entries[i]
        declarations: dict[str, str] = {}
        for j, prop in enumerate(props):
            if not listed or (i, j) not in won:
                continue
            subs = _longhands(prop)
            mine = [n for n, _ in subs if n in best and best[n][1:] == (i, j)]
            if len(mine) == len(subs):
                declarations[str(prop.get("name"))] = _value(prop)
            else:
                declarations.update({n: _value({**prop, "value": v}) for n, v in subs if n in mine})
        if declarations:
            rule, odd = ((CssRule(inline=True, inherited=inherited, declarations=declarations), False)
                         if match is None else _rule(match, declarations, headers, locate, inherited))
            out.append((rule, odd or any(has_invisible(v) for v in declarations.values())))
    return out


def winning_rules(matched: dict, headers: dict[str, dict], page_origin: str, locate: Locate
                  ) -> tuple[list[CssRule], int, bool]:
    """``(rules, cross_origin, hidden)`` from a ``CSS.getMatchedStylesForNode`` answer (module docstring): the
    element's rules with winning declarations, most specific first, then the ancestors' rules its inherited
    values come from, nearest first, at most :data:`~app.model.css.CSS_RULES_CAP` in all; how many of the
    element's matched rules came from sheets on another origin than ``page_origin``; and whether the page's text
    in them (selectors, files, values) held invisible characters (the model escapes them; the record's
    ``hidden_chars`` says so). ``headers``: ``CSS.styleSheetAdded`` headers by ``styleSheetId``."""
    entries, cross = _entries(matched, headers, page_origin)
    best = _winners(entries, RECORDED)
    found = _listed(entries, best, headers, locate, inherited=False)
    left = INHERITED - set(best)
    for ancestor in (matched.get("inherited") or [])[:ANCESTORS_MAX]:
        if not left or len(found) >= CSS_RULES_CAP:
            break
        if isinstance(ancestor, dict):
            entries, _ = _entries(ancestor, headers, page_origin)
            best = _winners(entries, left)
            found += _listed(entries, best, headers, locate, inherited=True)
            left -= set(best)
    found = found[:CSS_RULES_CAP]
    return [r for r, _ in found], cross, any(odd for _, odd in found)


def _rule(match: dict, declarations: dict[str, str], headers: dict[str, dict], locate: Locate, inherited: bool
          ) -> tuple[CssRule, bool]:
    """The rule of ``match`` with its winning ``declarations``, and whether its selector or file held invisible
    characters."""
    rule = match["rule"]
    selectors = (rule.get("selectorList") or {}).get("selectors") or []
    picked = [selectors[k] for k in match.get("matchingSelectors") or []
              if isinstance(k, int) and 0 <= k < len(selectors)]
    selector = ", ".join(str(s.get("text") or "") for s in picked or selectors[:1] if isinstance(s, dict))
    first = (picked or selectors or [{}])[0]
    where = first.get("range") if isinstance(first, dict) else None
    header = headers.get(str(rule.get("styleSheetId")))
    file, line = "", 0
    if header and isinstance(where, dict):
        file, line = locate(header, int(where.get("startLine") or 0), int(where.get("startColumn") or 0))
    return (CssRule(selector=selector, inherited=inherited, file=file, line=line, declarations=declarations),
            has_invisible(selector) or has_invisible(file))
