// @module freeze
// @exports freeze, unfreeze, frozenState
// Freeze: this document's motion stops where it is, and comes back as it was.
// - CSS animations: a constructed style sheet adopted by the document and its open shadow roots sets
//   `animation-play-state: paused` (CSS Animations 1 §3.8), so removing it gives each animation back its own
//   play state untouched, and one that starts while frozen stays at its start; new transitions are instant
//   (`transition-duration/-delay: 0s`: a state change lands without motion).
// - Web Animations and running CSS transitions (and CSS animations the sheet cannot reach: in closed shadow
//   trees, or taken over by a script's play()/pause()): Animation.pause() on each one that is running, from
//   Document.getAnimations() (Web Animations 1 §6.2, it flushes style first); unfreeze plays only those.
// - <video>/<audio> that are playing (open shadow trees too): paused, and played again on unfreeze.
// requestAnimationFrame belongs to the page's own world, so the host hooks it there (app/webview/freeze.py).
// Timers, scroll position, hover and focus are left alone.

const SHEET = '*, *::before, *::after { animation-play-state: paused !important;'
  + ' transition-duration: 0s !important; transition-delay: 0s !important; }';

let state = null;   // {sheet, roots: (Document|ShadowRoot)[], animations, media} while frozen

// The document and every open shadow root in it (a style sheet reaches only its own tree), depth-first.
function styleRoots() {
  const out = [document];
  for (let i = 0; i < out.length && out.length < 2000; i++) {
    for (const el of out[i].querySelectorAll('*')) if (el.shadowRoot) out.push(el.shadowRoot);
  }
  return out;
}

function playingMedia(root) {
  return Array.from(root.querySelectorAll('video, audio')).filter((m) => !m.paused && !m.ended);
}

// Freeze this document. Returns {frozen: true, animations, media}: how many were paused here (the CSS
// animations the style sheet holds are not counted). Idempotent.
function freeze() {
  if (state) return frozenState();
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(SHEET);
  const roots = styleRoots();
  for (const root of roots) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const animations = [];
  for (const a of document.getAnimations()) {
    if (a.playState !== 'running') continue;
    try { a.pause(); animations.push(a); } catch (e) { /* an animation that cannot be paused stays */ }
  }
  const media = roots.flatMap(playingMedia);
  for (const m of media) m.pause();
  state = { sheet, roots, animations, media };
  return frozenState();
}

// Undo freeze(): the sheet goes, the animations and media it paused play again (unless the page changed
// them meanwhile). Returns {frozen: false, animations, media}: how many were resumed.
function unfreeze() {
  if (!state) return { frozen: false, animations: 0, media: 0 };
  const { sheet, roots, animations, media } = state;
  state = null;
  for (const root of roots) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  let resumed = 0;
  for (const a of animations) {
    if (a.playState !== 'paused') continue;
    try { a.play(); resumed++; } catch (e) { /* finished or cancelled meanwhile */ }
  }
  let played = 0;
  for (const m of media) {
    if (!m.paused || !m.isConnected) continue;
    const p = m.play();
    if (p && p.catch) p.catch(() => {});   // autoplay policy or a removed source: it stays paused
    played++;
  }
  return { frozen: false, animations: resumed, media: played };
}

function frozenState() {
  return { frozen: !!state, animations: state ? state.animations.length : 0, media: state ? state.media.length : 0 };
}
