// A flat diamond's (or any sharp shape's) corners are narrower than the strong opening that
// trims attachments off a filled shape, so they are cut off with the heads; left behind, such a
// corner sits on the connector that leaves it and reads there as a dense end, a head, and the
// edge comes out reversed. A cut piece is told by its taper: a corner meets the body along its
// widest part and narrows steadily away from it to a point, while an arrowhead meets the outline
// at its tip and widens away from it, and a thick line's end keeps its width.
import { components } from './components.js';

/**
 * Pieces of `cut` (set where the shape's solid lost pixels to the trimming) that are the shape's
 * own corners, as a mask over the same w x h box: each piece touching `body` (what the trimming
 * kept) along its widest cross-section and narrowing, away from the body, to under half that.
 */
export function cornerPieces(cut: Uint8Array, body: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (const piece of components({ width: w, height: h, data: cut }, 1, (s) => s.size >= 6).list) {
    if (isCorner(piece.pixels, body, w, h)) for (const q of piece.pixels) out[q] = 1;
  }
  return out;
}

/** The taper test for one piece (pixel indices into the w x h box). */
export function isCorner(pixels: number[], body: Uint8Array, w: number, h: number): boolean {
  // The base: the piece's pixels next to the body.
  let bx = 0;
  let by = 0;
  let nb = 0;
  for (const q of pixels) {
    const x = q % w;
    const y = (q - x) / w;
    let touches = false;
    for (let dy = -1; dy <= 1 && !touches; dy++) {
      for (let dx = -1; dx <= 1 && !touches; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < w && yy < h && body[yy * w + xx]) touches = true;
      }
    }
    if (!touches) continue;
    bx += x;
    by += y;
    nb++;
  }
  if (nb === 0) return false;
  bx /= nb;
  by /= nb;
  // Outward: from the body's centre through the base (a corner points away from the shape's
  // middle; a head stuck to a side lies across that direction's normal, whatever its barbs do).
  let cx = 0;
  let cy = 0;
  let nc = 0;
  for (let q = 0; q < body.length; q++) {
    if (!body[q]) continue;
    cx += q % w;
    cy += Math.floor(q / w);
    nc++;
  }
  cx /= nc;
  cy /= nc;
  const dl = Math.hypot(bx - cx, by - cy);
  if (dl < 1) return false;
  const ux = (bx - cx) / dl;
  const uy = (by - cy) / dl;
  // Length: how far the piece reaches out along that direction.
  let far = 0;
  for (const q of pixels) {
    const x = q % w;
    const y = (q - x) / w;
    far = Math.max(far, (x - bx) * ux + (y - by) * uy);
  }
  const len = far;
  if (len < 3) return false;
  // Cross-section widths along the outward direction, a pixel apart.
  const n = Math.floor(len) + 1;
  const lo = new Float64Array(n).fill(Infinity);
  const hi = new Float64Array(n).fill(-Infinity);
  for (const q of pixels) {
    const x = q % w;
    const y = (q - x) / w;
    const t = (x - bx) * ux + (y - by) * uy;
    const k = Math.max(0, Math.min(n - 1, Math.round(t)));
    const s = -(x - bx) * uy + (y - by) * ux;
    lo[k] = Math.min(lo[k]!, s);
    hi[k] = Math.max(hi[k]!, s);
  }
  const widths: number[] = [];
  for (let k = 0; k < n; k++) if (hi[k]! >= lo[k]!) widths.push(hi[k]! - lo[k]! + 1);
  if (widths.length < 4) return false;
  const base = Math.max(...widths.slice(0, 2));
  // A corner narrows over a length comparable to its base, evenly (a sliver of a head's back
  // edge left past the trimming is wide and a pixel or two long).
  if (len < 0.4 * base) return false;
  const mid = widths[Math.floor(widths.length / 2)]!;
  if (mid < 0.25 * base || mid > 0.85 * base) return false;
  const widest = Math.max(...widths);
  // Widest at the base, never widening again by more than a pixel or two, ending in a point.
  if (widest > base + 1) return false;
  // (The cross-section right at the base may be cut short by the body's rounded edge.)
  let least = base;
  for (const v of widths.slice(widths.indexOf(base))) {
    if (v > least + 2) return false;
    least = Math.min(least, v);
  }
  return widths[widths.length - 1]! <= 0.5 * base;
}
