// @module follow
// @imports pins: elements; revision: touchedSince, currentRevision
// @exports followMark, followChanged
// follow.js — whether a page change can concern annotated elements, for the verification that follows an agent's
// `resolved` (app/agent/verify_follow.py): the host marks the pinned ids when the agent acks, and asks after each
// revision whether one of them may look different now. A page that changes elsewhere (a clock ticking, a feed
// loading further down) does not count. It counts when:
//   - an annotated element is gone from the document (re-rendered), or it or a node inside it was touched;
//   - a stylesheet changed: a <style> or <link> element, or anything in <head>, touched (a hot reload rewrites a
//     <style>; a stylesheet reaches any element);
//   - an annotated element's box (document coordinates, CSS px), computed style or text is not what it was at
//     the mark (its neighbour grew and pushed it, an ancestor's class changed);
//   - the revision history cannot tell (too old, too many elements touched).

const marks = new Map();   // id -> fingerprint at the mark ('' for an id with no element here)

function fingerprint(el) {
  if (!el || !el.isConnected) return '';
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  const style = [];
  for (let i = 0; i < cs.length; i++) style.push(cs.getPropertyValue(cs[i]));
  const px = (v) => Math.round(v * 100);
  return JSON.stringify([px(r.x + scrollX), px(r.y + scrollY), px(r.width), px(r.height), el.textContent, style]);
}

// {revision}: remember how the pinned `ids` look now.
function followMark(ids) {
  for (const id of ids) marks.set(id, fingerprint(elements.get(id)));
  return { revision: currentRevision() };
}

// {revision, changed}: whether a change after revision `since` may concern one of `ids` (module comment).
function followChanged(since, ids) {
  return { revision: currentRevision(), changed: concerns(since, ids) };
}

function concerns(since, ids) {
  const els = ids.map((id) => elements.get(id)).filter(Boolean);
  if (els.some((el) => !el.isConnected)) return true;
  const styled = (el) => el.localName === 'style' || el.localName === 'link'
    || (document.head && document.head.contains(el));
  const touched = touchedSince(since, (t) => styled(t) || els.some((el) => el === t || el.contains(t)));
  if (touched !== false) return true;
  return ids.some((id) => marks.has(id) && fingerprint(elements.get(id)) !== marks.get(id));
}
