// @module style
// @exports hexColor
// style.js — computed colours as the record writes them.

let colorCtx = null;
function hex2(n) { return Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0').toUpperCase(); }

// A computed colour as `#RRGGBB`, `#RRGGBBAA` (alpha < 1) or `transparent`. `rgb()/rgba()` are parsed;
// other serialisations (color(), oklch() …) are resolved to sRGB by painting one canvas pixel.
function hexColor(value) {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(value);
  let r, g, b, a = 1;
  if (m) {
    r = +m[1]; g = +m[2]; b = +m[3];
    if (m[4] !== undefined) a = m[4].endsWith('%') ? parseFloat(m[4]) / 100 : +m[4];
  } else {
    if (!colorCtx) colorCtx = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
    colorCtx.clearRect(0, 0, 1, 1);
    colorCtx.fillStyle = '#000';
    colorCtx.fillStyle = value;
    colorCtx.fillRect(0, 0, 1, 1);
    const d = colorCtx.getImageData(0, 0, 1, 1).data;
    [r, g, b] = d; a = d[3] / 255;
  }
  if (a === 0) return 'transparent';
  return '#' + hex2(r) + hex2(g) + hex2(b) + (a < 1 ? hex2(a * 255) : '');
}
