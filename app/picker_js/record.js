// @module record
// @imports text: CAPS, LINE_SEND, cut; redact: redactUrl; role: role; name: accessibleName; xpath: xpathOf; attributes: attributesOf; style: hexColor; content: renderedText, nearbyContext; excerpt: htmlExcerpt; chain: chainedSelector, splitChain; locators: locatorsFor
// @exports elementRecord
// record.js — the element record: what pagenote says about one element (issue #2, "The element record").
// Runs in pagenote's isolated world (QWebEngineScript::ApplicationWorld): shares the DOM with the page, not
// its JS globals, so a page that overrides Element.prototype methods cannot lie to us here.
// Each field comes from the module of its concern (role, name, selector/chain, xpath, attributes, style,
// content, excerpt, locators); caps are applied there (first boundary) and again by the Python model.

// `closedHost`: the element seems to host a closed shadow root (frames.js looksClosedHost).
function elementRecord(el, closedHost) {
  const inShadow = el.getRootNode() instanceof ShadowRoot;
  const selector = chainedSelector(el);
  const cs = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const round = (v) => Math.round(v * 100) / 100;
  return {
    url: cut(redactUrl(location.href), LINE_SEND),
    title: cut(document.title, LINE_SEND),
    tag: el.localName,
    role: role(el),
    accessible_name: accessibleName(el),
    selector,
    xpath: inShadow ? '' : xpathOf(el),  // XPath cannot cross shadow roots
    shadow: closedHost ? 'closed: the element hosts a closed shadow root, so its inside cannot be picked' : '',
    attributes: attributesOf(el),
    color: hexColor(cs.color),
    background: hexColor(cs.backgroundColor),
    font: `${cs.fontSize} ${cut(cs.fontFamily, 300)}`,
    font_weight: cs.fontWeight,
    display: cs.display,
    rect: { x: round(r.left + scrollX), y: round(r.top + scrollY), width: round(r.width), height: round(r.height) },
    text: renderedText(el, CAPS.text),
    nearby_context: nearbyContext(el),
    html_excerpt: htmlExcerpt(el, CAPS.html),
    // locators.js (issue #3 §1); the last step of the chained selector is the one within el's own root.
    locators: locatorsFor(el, splitChain(selector).pop()),
  };
}
