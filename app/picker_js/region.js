// @module region
// @imports frames: deepElementAt; role: role; name: accessibleName; selector: uniqueSelector; text: cut, CAPS, LINE_SEND
// @imports redact: redactUrl
// @imports pins: idFor
// @exports regionInfo, REGION_SAMPLES
// region.js — what a dragged rectangle covers: the rectangle in document coordinates and the elements seen
// in it, each with the share of the rectangle it covers. The share is measured by hit testing a grid of
// points (the topmost element at each point, through open shadow roots): what the user sees there, not the
// containers every point is inside of.

const REGION_SAMPLES = 12;   // grid points per side

// The region (x, y, width, height) in this frame's viewport CSS px: {rect (document CSS px), covers:
// [{role, name, selector, share}] largest share first, at most `limit`, id (the pin id of the element the
// marker goes on), url,
// title}.
function regionInfo(x, y, width, height, limit) {
  const counts = new Map();
  let total = 0;
  for (let i = 0; i < REGION_SAMPLES; i++) {
    for (let j = 0; j < REGION_SAMPLES; j++) {
      const px = x + (i + 0.5) * width / REGION_SAMPLES, py = y + (j + 0.5) * height / REGION_SAMPLES;
      if (px < 0 || py < 0 || px >= innerWidth || py >= innerHeight) continue;
      total++;
      const el = deepElementAt(px, py);
      if (el) counts.set(el, (counts.get(el) || 0) + 1);
    }
  }
  const all = Array.from(counts.entries()).sort((a, b) => b[1] - a[1]);
  const ranked = all.slice(0, limit);   // limit 0: where it is only (no selectors: 15-20 ms each on a large page)
  const covers = ranked.map(([el, n]) => ({
    role: role(el) || '', name: cut(accessibleName(el) || '', CAPS.line), selector: uniqueSelector(el) || '',
    share: total ? n / total : 0,
  }));
  return {
    url: cut(redactUrl(location.href), LINE_SEND), title: cut(document.title, LINE_SEND),
    rect: { x: x + scrollX, y: y + scrollY, width, height },
    covers,
    // The marker goes on the element covering most of it, the page's root boxes last (empty space is body).
    id: idFor((all.find(([el]) => el !== document.body && el !== document.documentElement) || all[0]
               || [document.body || document.documentElement])[0]),
  };
}
