// A kept match that lies inside a larger legend picture drawn at the same place (a gate valve's
// two triangles inside a diaphragm valve, whose arc over them is all that differs). The larger
// picture correlates worse there (its extra strokes are a small part of it, a scan's blur costs
// it more over its larger area, and a small arc read as a letter is gone from the text-free
// page), so the smaller one wins on score. The ink beyond the smaller one's box, text included,
// tells them apart: the larger takes the place when nearly all of its own marks out there are
// found in ink and that ink is mostly its drawing.
import type { BBox } from '../types.js';
import { marksFound, type SymbolHit } from './match.js';
import type { Mask } from './raster.js';
import type { Variant } from './templates.js';

/** Share of the larger picture's marks that must lie beyond the smaller one's box. */
const MIN_BEYOND = 0.12;
/** Share of those marks that must be found in ink. */
const MIN_FOUND = 0.9;
/** Share of the ink beyond the smaller box, inside the larger, that must lie on the larger picture. */
const MIN_OWN = 0.6;
/** Share of all the larger picture's marks found in ink. */
const MIN_ALL = 0.85;
/** The larger match's area, at least, times the kept one's. */
const LARGER = 1.2;
/** Lowest correlation of the larger picture (on the text-free page). */
export const FULLER_SCORE = 0.5;

const area = (b: BBox): number => (b[2] - b[0]) * (b[3] - b[1]);
const inter = (a: BBox, b: BBox): number => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
const clash = (a: BBox, b: BBox): boolean => inter(a, b) > 0.3 * Math.min(area(a), area(b));

export interface Proposal {
  hit: SymbolHit;
  variant: Variant;
}

/** Share of the page's ink in `outer` beyond `inner` that lies within two pixels of the template's ink placed at x, y. */
function ownInk(v: Variant, ink: Mask, x: number, y: number, outer: BBox, inner: BBox): number {
  const { width: w, height: h, data } = v.img;
  let all = 0;
  let own = 0;
  for (let py = Math.max(0, Math.floor(outer[1])); py < Math.min(ink.height, Math.ceil(outer[3])); py++) {
    for (let px = Math.max(0, Math.floor(outer[0])); px < Math.min(ink.width, Math.ceil(outer[2])); px++) {
      if (!ink.data[py * ink.width + px] || (px >= inner[0] && px < inner[2] && py >= inner[1] && py < inner[3])) continue;
      all++;
      let near = false;
      for (let dy = -2; dy <= 2 && !near; dy++) {
        const ty = py - y + dy;
        if (ty < 0 || ty >= h) continue;
        for (let dx = -2; dx <= 2; dx++) {
          const tx = px - x + dx;
          if (tx >= 0 && tx < w && data[ty * w + tx]! < 128) {
            near = true;
            break;
          }
        }
      }
      if (near) own++;
    }
  }
  return all === 0 ? 0 : own / all;
}

/**
 * Each kept match replaced by the best-scoring larger proposal (of another picture, containing
 * it, overlapping no other kept match) whose marks beyond the kept box the page (`ink`, text
 * included) has.
 */
export async function preferFuller(hits: SymbolHit[], ink: Mask, propose: (h: SymbolHit) => Promise<Proposal[]>): Promise<SymbolHit[]> {
  const out: SymbolHit[] = [];
  for (const h of hits) {
    let pick = h;
    const larger = (await propose(h))
      .filter(({ hit: o }) => o.entry !== h.entry && o.score >= FULLER_SCORE && area(o.box) >= LARGER * area(h.box) && inter(o.box, h.box) >= 0.85 * area(h.box))
      .filter(({ hit: o }) => !hits.some((k) => k !== h && clash(k.box, o.box)))
      .sort((a, b) => b.hit.score - a.hit.score);
    for (const { hit: o, variant: v } of larger) {
      if (v.marks.length === 0) continue;
      const x = Math.round(o.box[0]);
      const y = Math.round(o.box[1]);
      const beyond = marksFound(v, ink, x, y, h.box);
      if (beyond.marks < MIN_BEYOND * v.marks.length || beyond.found < MIN_FOUND * beyond.marks) continue;
      if (marksFound(v, ink, x, y).found < MIN_ALL * v.marks.length || ownInk(v, ink, x, y, o.box, h.box) < MIN_OWN) continue;
      pick = o;
      break;
    }
    out.push(pick);
  }
  return out;
}
