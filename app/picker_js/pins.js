// @module pins
// @imports overlay: Overlay
// @exports overlay, elements, idFor
// pins.js — this document's picker instance: the one overlay (what the host draws, overlay.js) and the pinned
// elements by annotation id. Evaluating it first destroys a previous instance (the script injected again into
// the same document), so there is only ever one overlay.

if (window.__pagenote) {
  try { window.__pagenote.destroy(); } catch (e) { /* a broken previous instance must not block this one */ }
}

const overlay = new Overlay();
overlay.flush();   // a new document: the host forgets what the previous one showed
const elements = new Map();   // annotation id -> Element (strong while pinned; dropped on setMarkers)
let nextId = 1;

// Ids are unique across documents (a random token per document), so a pin made on another page or before a
// reload can never collide with a new one here.
const DOC_TOKEN = Math.random().toString(36).slice(2, 8);

function idFor(el) {
  for (const [id, known] of elements) if (known === el) return id;
  const id = `e${DOC_TOKEN}-${nextId++}`;
  elements.set(id, el);
  return id;
}
