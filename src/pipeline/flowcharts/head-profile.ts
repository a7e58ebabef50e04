// Heads read from a stroke's shape rather than its ink count: its width profile along the line
// between its two ends (a head widens over its length and tapers to its tip at the node), and
// outline corners left at an end (widest right at the contact). Split from connectors.ts.
import type { Contact } from './crossings.js';

export interface StrokeOptions {
  stroke: number;
  glyph: number;
}

/**
 * Main direction of a set of offsets about a point, in radians within (-pi/2, pi/2]: the axis of
 * their second moments taken about that point (not about their mean, so a stroke running out from
 * a contact on one side gives its own direction).
 */
export function mainAngle(offsets: [number, number][]): number {
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const [dx, dy] of offsets) {
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  return 0.5 * Math.atan2(2 * sxy, sxx - syy);
}

/**
 * Heads of a straight two-ended stroke from its width profile along the line between the ends:
 * a head is where the stroke widens well past its shaft just before a contact. This reads short
 * links, whose whole shaft lies within the density radius of both ends, and thin open "vee"
 * heads, whose few pixels the density barely notices; a node outline left over at a contact
 * hugs the contact and is skipped. Decides only when one end is clearly wider (arrows both ways
 * stay with the density reading).
 */
export function headsByProfile(pixels: number[], [a, b]: [Contact, Contact], width: number, { stroke, glyph }: StrokeOptions): void {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len < 4 * stroke + 6) return;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const bin = Math.max(2, stroke + 1);
  const bins = Math.ceil(len / bin) + 1;
  const lo = new Float64Array(bins).fill(Infinity);
  const hi = new Float64Array(bins).fill(-Infinity);
  const offsets: number[] = [];
  for (const p of pixels) {
    const dx = (p % width) - a.x;
    const dy = Math.floor(p / width) - a.y;
    const t = dx * ux + dy * uy;
    if (t < 0 || t > len) continue;
    const s = -dx * uy + dy * ux;
    offsets.push(Math.abs(s));
    const k = Math.floor(t / bin);
    lo[k] = Math.min(lo[k]!, s);
    hi[k] = Math.max(hi[k]!, s);
  }
  offsets.sort((p, q) => p - q);
  // Not straight (an elbow or a curve): the profile along the chord means nothing.
  if (offsets.length === 0 || offsets[Math.floor(offsets.length / 2)]! > stroke + 1) return;
  const widths: number[] = [];
  for (let k = 0; k < bins; k++) widths.push(hi[k]! >= lo[k]! ? hi[k]! - lo[k]! + 1 : 0);
  const filled = widths.filter((w) => w > 0).sort((p, q) => p - q);
  if (filled.length < 4) return;
  const shaft = filled[Math.floor(filled.length / 3)]!;
  const skip = stroke + 2;
  const reach = Math.min(len / 2, Math.max(4 * stroke + 8, 1.2 * glyph));
  const wide = (w: number): boolean => w >= Math.max(2.2 * shaft, shaft + 2 * stroke + 2);
  // How many bins near an end are wide: a head widens over its whole length, an outline left at
  // a contact over a bin or two.
  const wideBins = (from: number, dir: 1 | -1): number => {
    let n = 0;
    for (let d = skip; d <= reach; d += bin) if (wide(widths[Math.floor((from + dir * d) / bin)] ?? 0)) n++;
    return n;
  };
  // A head tapers to its tip at the contact, so between its wide base and its own end no bin is
  // as narrow as the shaft; the bare shaft lies between the base and the tail. This holds for a
  // head longer than the line is (a large head on a short link, whose wide part reaches both
  // ends' windows) and for a one-sided (half) head, where counting wide bins does not decide.
  const ga = shaftBefore(widths, 0, 1, { bin, skip, len }, wide, shaft);
  const gb = shaftBefore(widths, len, -1, { bin, skip, len }, wide, shaft);
  if (Math.min(ga, gb) === 0 && Number.isFinite(Math.max(ga, gb)) && Math.max(ga, gb) >= 2) {
    a.head = ga === 0;
    b.head = gb === 0;
    return;
  }
  const na = wideBins(0, 1);
  const nb = wideBins(len, -1);
  if (na > 0 && na >= 2 * nb) {
    a.head = true;
    b.head = false;
  } else if (nb > 0 && nb >= 2 * na) {
    b.head = true;
    a.head = false;
  }
}

/**
 * Bins as narrow as the shaft (at most one pixel wider) met walking in from one end of a width
 * profile before its first wide bin; Infinity when no wide bin comes before the far end.
 */
export function shaftBefore(widths: number[], from: number, dir: 1 | -1, at: { bin: number; skip: number; len: number }, wide: (w: number) => boolean, shaft: number): number {
  let n = 0;
  for (let d = at.skip; d <= at.len - at.skip; d += at.bin) {
    const w = widths[Math.floor((from + dir * d) / at.bin)] ?? 0;
    if (wide(w)) return n;
    if (w > 0 && w <= shaft + 1) n++;
  }
  return Infinity;
}

/**
 * True where the stroke is widest right at the contact and narrows away from it: a piece of the
 * node's own outline left on the line (a diamond's sharp corner, which the opening cuts off the
 * shape) rather than a head, which tapers to its tip at the node and is widest a head's length
 * out. Such an end is dense but is no head. Widths are read across the stroke's main direction
 * near the contact, in bins a stroke wide, out to the density radius.
 */
export function widestAtContact(pixels: number[], c: Contact, width: number, { stroke, glyph }: StrokeOptions): boolean {
  const reach = Math.max(3 * stroke + 4, 1.1 * glyph);
  const near: [number, number][] = [];
  let mx = 0;
  let my = 0;
  for (const p of pixels) {
    const dx = (p % width) - c.x;
    const dy = Math.floor(p / width) - c.y;
    if (dx * dx + dy * dy > reach * reach) continue;
    near.push([dx, dy]);
    mx += dx;
    my += dy;
  }
  if (near.length < 6) return false;
  const angle = mainAngle(near);
  // Pointing away from the node: towards the bulk of the nearby stroke.
  const sign = Math.cos(angle) * mx + Math.sin(angle) * my >= 0 ? 1 : -1;
  const ux = sign * Math.cos(angle);
  const uy = sign * Math.sin(angle);
  const bin = Math.max(2, stroke + 1);
  const bins = Math.ceil(reach / bin) + 1;
  const lo = new Float64Array(bins).fill(Infinity);
  const hi = new Float64Array(bins).fill(-Infinity);
  for (const [dx, dy] of near) {
    const t = dx * ux + dy * uy;
    if (t < 0) continue;
    const k = Math.floor(t / bin);
    const s = -dx * uy + dy * ux;
    lo[k] = Math.min(lo[k]!, s);
    hi[k] = Math.max(hi[k]!, s);
  }
  const widths: number[] = [];
  for (let k = 0; k < bins; k++) widths.push(hi[k]! >= lo[k]! ? hi[k]! - lo[k]! + 1 : 0);
  // The stroke's run out from the contact, up to its first gap.
  const gap = widths.indexOf(0);
  const run = gap < 0 ? widths : widths.slice(0, gap);
  if (run.length < 4) return false;
  const first = run[0]!;
  const least = Math.min(...run);
  // Widest at the contact and narrowing steadily (a pixel of slack), through at least three bins
  // between its width there and its narrowest: a taper, where a head seen from its base (its tip
  // lost in the node's margin) steps down to the shaft at once.
  if (first < least + 2 * stroke + 2) return false;
  for (let k = 1; k < run.length; k++) if (run[k]! > run[k - 1]! + 1) return false;
  return run.filter((w) => w >= least + 2 && w <= first - 2).length >= 3;
}

/**
 * The one head of a straight two-ended stroke that the ink readings took for a head at both ends.
 * On a short link the whole head lies within the density window of both ends, so both read
 * alike; its shape still tells. From the widest cross-section (the head's base) towards the head's
 * own end the width tapers off gradually, while towards the tail it drops to the bare shaft: the
 * side towards the head is clearly fuller (mean width over the widest). Leaves both heads when
 * the leaner side widens again to near the widest (a second head: an arrow both ways), when no
 * part is twice the shaft's width, or when the stroke bends. Returns true when it decided.
 */
export function headByTaper(pixels: number[], [a, b]: [Contact, Contact], width: number, { stroke }: StrokeOptions): boolean {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len < 2 * stroke + 4) return false;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  // Cross-sections a pixel apart along the line from a to b.
  const n = Math.floor(len) + 1;
  const lo = new Float64Array(n).fill(Infinity);
  const hi = new Float64Array(n).fill(-Infinity);
  for (const p of pixels) {
    const dx = (p % width) - a.x;
    const dy = Math.floor(p / width) - a.y;
    const t = dx * ux + dy * uy;
    if (t < 0 || t > len) continue;
    const k = Math.min(n - 1, Math.floor(t));
    const s = -dx * uy + dy * ux;
    lo[k] = Math.min(lo[k]!, s);
    hi[k] = Math.max(hi[k]!, s);
  }
  const widths: number[] = [];
  let bent = 0;
  for (let k = 0; k < n; k++) {
    const filled = hi[k]! >= lo[k]!;
    widths.push(filled ? hi[k]! - lo[k]! + 1 : 0);
    // A cross-section centred off the line: an elbow, a curve or something beside the line.
    if (filled && Math.abs((hi[k]! + lo[k]!) / 2) > stroke + 2) bent++;
  }
  const filled = widths.filter((w) => w > 0);
  if (filled.length < 6 || bent > 0.2 * filled.length) return false;
  const widest = Math.max(...filled);
  if (widest < 2 * Math.min(...filled)) return false;
  const at = widths.map((w, k) => (w === widest ? k : -1)).filter((k) => k >= 0);
  const base = at[Math.floor(at.length / 2)]!;
  const fill = (side: number[]): number => {
    const f = side.filter((w) => w > 0);
    return f.length === 0 ? 0 : f.reduce((s, w) => s + w, 0) / f.length / widest;
  };
  // Each side read outward from the base.
  const toA = widths.slice(0, base).reverse();
  const toB = widths.slice(base + 1);
  const [fa, fb] = [fill(toA), fill(toB)];
  const [head, tail, leaner] = fa >= fb ? [a, b, toB] : [b, a, toA];
  if (Math.abs(fa - fb) < 0.1 || Math.min(fa, fb) > 0.85 * Math.max(fa, fb)) return false;
  // A second head on the leaner side: past its narrowest, it widens to near the widest again.
  let least = widest;
  for (const w of leaner) {
    if (w === 0) continue;
    least = Math.min(least, w);
    if (least <= 0.5 * widest && w >= Math.max(0.8 * widest, least + 2 * stroke + 2)) return false;
  }
  head.head = true;
  tail.head = false;
  return true;
}
