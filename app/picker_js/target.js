// @module target
// @imports refs: DOC_ID, refFor, noteRef; role: role; name: accessibleName; locator_grammar: parseLocator; locators: resolveLocator
// @imports frames: resolveChain; text: cut, squash
// @exports targetRef
// target.js — an action's `target` when it is not a ref (Playwright MCP's "a unique element selector"): one
// element of this document named by a locator of pagenote's grammar (locator_grammar.js: role=…[name=…],
// label=, testid=, placeholder=, text=, css=, xpath=) or by a CSS selector (chains `host >> inner` enter open
// shadow roots; an iframe step is refused: refs inside iframes come from a snapshot). The element gets a ref of
// the snapshot table (refs.js), noted as of snapshot `o.seq`, so the action resolves it like any ref.

// {doc, ref, role, name} for the one element `o.target` names, or {doc, error: 'bad_selector', message} |
// {doc, error: 'frame'} | {doc, error: 'count', count, at_least?, step?} (at_least: a locator's count stops at 3).
function targetRef(o) {
  let el = null;
  if (parseLocator(o.target)) {
    const hits = resolveLocator(document, o.target, 3);   // 3: enough to know it is not one
    if (hits.length !== 1) return { doc: DOC_ID, error: 'count', count: hits.length, at_least: hits.length >= 3 };
    el = hits[0];
  } else {
    const found = resolveChain(o.target);
    if (found.error) return { doc: DOC_ID, error: 'bad_selector', message: found.error };
    if (found.frame) return { doc: DOC_ID, error: 'frame' };
    if (found.count !== 1) return { doc: DOC_ID, error: 'count', count: found.count, step: found.step };
    el = found.el;
  }
  const r = role(el) || 'generic';
  const name = cut(squash(accessibleName(el)), 240);
  const ref = refFor(el);
  noteRef(ref, el, r, name, o.seq);
  return { doc: DOC_ID, ref, role: r, name: cut(name, 100) };
}
