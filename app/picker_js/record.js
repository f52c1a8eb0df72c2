// @module record
// @imports text: CAPS, LINE_SEND, cut; redact: redactUrl; role: role; name: accessibleName; xpath: xpathOf; attributes: attributesOf; style: hexColor; content: renderedText, nearbyContext; excerpt: htmlExcerpt; chain: chainedSelector, splitChain; locators: locatorsFor
// @imports geometry: elementBox; detail: boxModel, styleSubset, ancestry
// @exports elementRecord, recordRect
// record.js — the element record: what pagenote says about one element (issue #2, "The element record").
// Runs in pagenote's isolated world (QWebEngineScript::ApplicationWorld): shares the DOM with the page, not
// its JS globals, so a page that overrides Element.prototype methods cannot lie to us here.
// Each field comes from the module of its concern (role, name, selector/chain, xpath, attributes, style,
// content, excerpt, locators); caps are applied there (first boundary) and again by the Python model.

// The record's geometry (issue 9 §6, geometry.js): {rect, box, viewport}. rect: document CSS px rounded to
// 0.01, or null when the element draws nothing; box: '' (its border box), 'contents' (the union of its
// children's boxes) or why it has none; viewport: the same rect in viewport CSS px (null without a box).
function recordRect(el) {
  const b = elementBox(el);
  const round = (v) => Math.round(v * 100) / 100;
  const r = b.rect;
  return { box: b.kind, viewport: r,
           rect: r && { x: round(r.x + scrollX), y: round(r.y + scrollY), width: round(r.width), height: round(r.height) } };
}

// `closedHost`: the element seems to host a closed shadow root (frames.js looksClosedHost).
function elementRecord(el, closedHost) {
  const inShadow = el.getRootNode() instanceof ShadowRoot;
  const selector = chainedSelector(el);
  const cs = getComputedStyle(el);
  const geometry = recordRect(el);
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
    rect: geometry.rect,
    box: geometry.box,
    text: renderedText(el, CAPS.text),
    nearby_context: nearbyContext(el),
    html_excerpt: htmlExcerpt(el, CAPS.html),
    // locators.js (issue #3 §1); the last step of the chained selector is the one within el's own root.
    locators: locatorsFor(el, splitChain(selector).pop()),
    // detail.js: written only at the detailed/forensic detail levels (app/protocol/detail.py).
    box_model: boxModel(el),
    styles: styleSubset(el),
    ancestry: ancestry(el),
  };
}
