// @module xpath
// @imports selector: nthOfType, sameTypeSiblings
// @exports xpathOf
// xpath.js — an element's absolute XPath.
//
// Absolute XPath with `tag[n]` steps (n counted among same-name siblings; omitted when the element is the
// only one of its name). A plain name test only matches HTML elements of an HTML document (DOM Standard,
// "Interface XPathEvaluator"), so other elements (SVG, MathML, any element of an XML/XHTML document) and
// names that are not XPath NCNames (`my$el`, `a:b`) use `*[local-name()=…]`.
const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function xpathLiteral(v) {
  if (!v.includes("'")) return `'${v}'`;
  if (!v.includes('"')) return `"${v}"`;
  return 'concat(' + v.split("'").map((part) => `'${part}'`).join(`, "'", `) + ')';
}

function xpathOf(el) {
  const htmlDoc = el.ownerDocument.contentType === 'text/html';
  const steps = [];
  for (let n = el; n && n.nodeType === Node.ELEMENT_NODE; n = n.parentElement) {
    const plain = htmlDoc && n.namespaceURI === 'http://www.w3.org/1999/xhtml' && NCNAME.test(n.localName);
    const name = plain ? n.localName : `*[local-name()=${xpathLiteral(n.localName)}]`;
    const count = sameTypeSiblings(n);
    steps.unshift(count > 1 ? `${name}[${nthOfType(n)}]` : name);
  }
  return '/' + steps.join('/');
}
