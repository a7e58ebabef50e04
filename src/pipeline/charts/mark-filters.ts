// Marks that are not data although they have a data colour's cluster: pieces wholly outside the
// plot frame (a legend swatch's anti-aliased rim, stray glyph parts; data is drawn inside the
// frame), and grey pieces that are short straight strokes or crumbs of a few pixels (stretches
// of a gridline the rule finder left where a data line broke the run; anti-aliased steps).
import type { BBox } from '../types.js';
import type { Component, Rules } from './marks.js';

/**
 * The rules make a box or a grid: two or more lines apart in each direction. Two axes alone are
 * not enough (a scan breaks an axis line, and the part found would cut the plot short).
 */
export function closedFrame(rules: Rules): boolean {
  const lines = (ps: number[]): number => {
    const s = [...ps].sort((a, b) => a - b);
    return s.filter((p, i) => i === 0 || p - s[i - 1]! > 3).length;
  };
  return lines(rules.horizontal.map((r) => r.y)) >= 2 && lines(rules.vertical.map((r) => r.x)) >= 2;
}

/** True when the piece's box misses the frame (grown by `margin` pixels) entirely. */
export function outsideFrame(c: Component, frame: BBox, margin = 2): boolean {
  return c.bbox[2] <= frame[0] - margin || c.bbox[0] >= frame[2] + margin || c.bbox[3] <= frame[1] - margin || c.bbox[1] >= frame[3] + margin;
}

/**
 * Share of the pieces' area in thin straight strokes (at most `pen` pixels across, filling their
 * box): near 1 for the stretches of gridlines the rule finder left (too short to be rules once a
 * data line crossed them), low for data drawn in grey (curves, markers, bars).
 */
export function thinStrokeShare(comps: Component[], pen = 3): number {
  let thin = 0, all = 0;
  for (const c of comps) {
    const w = c.bbox[2] - c.bbox[0], h = c.bbox[3] - c.bbox[1];
    all += c.area;
    if (Math.min(w, h) <= pen && c.area >= 0.6 * w * h) thin += c.area;
  }
  return all === 0 ? 0 : thin / all;
}

/**
 * Crumbs: pieces of a few pixels each (median area at most `tiny`) and none larger than a glyph
 * (th²): the grey anti-aliased steps along a slanted coloured line, or gridline stubs between
 * crossings. Data drawn in grey has a body: a bar, slice or line is one large piece, and markers
 * or dashes are larger than a few pixels.
 */
export function crumbs(comps: Component[], th: number, tiny = 6): boolean {
  if (comps.length < 3) return false;
  const areas = comps.map((c) => c.area).sort((a, b) => a - b);
  return areas[areas.length >> 1]! <= tiny && areas[areas.length - 1]! <= th * th;
}

/**
 * Colours that only outline the bars of other colours: a bar's dark stroke blurred into its fill
 * on a scan has a colour of its own (dark red round red bars) and would read as a second series
 * of thin bars. Such a piece is a frame: little ink for its box (`fill` at most), the box nearly
 * covered by other colours' filled pieces (`isBar`) that lie inside it. A colour with most of its
 * ink in frames is no data.
 */
export function outlineColours(marks: Map<number, Component[]>, isBar: (c: Component) => boolean, fill = 0.35): number[] {
  const bars = [...marks].flatMap(([k, cs]) => cs.filter(isBar).map((c) => ({ k, c })));
  const within = (a: BBox, b: BBox, m: number): boolean => a[0] >= b[0] - m && a[1] >= b[1] - m && a[2] <= b[2] + m && a[3] <= b[3] + m;
  const out: number[] = [];
  for (const [k, cs] of marks) {
    let framed = 0, all = 0;
    for (const c of cs) {
      all += c.area;
      const box = (c.bbox[2] - c.bbox[0]) * (c.bbox[3] - c.bbox[1]);
      if (c.area > fill * box) continue;
      const inner = bars.filter((b) => b.k !== k && within(b.c.bbox, c.bbox, 1)).reduce((s, b) => s + (b.c.bbox[2] - b.c.bbox[0]) * (b.c.bbox[3] - b.c.bbox[1]), 0);
      if (inner >= 0.6 * box) framed += c.area;
    }
    if (all > 0 && framed >= 0.8 * all) out.push(k);
  }
  return out;
}
