// The insides of outlined shapes: holes of background enclosed by a drawn curve, convex, big
// enough, with centred text or small; loops of connectors that enclose background too are told
// apart by how many shapes they border.
import { components, dilate, erode, filledLabel, hullArea, type ComponentStats, type FilledRegion } from './components.js';
import type { Mask } from './raster.js';
import { inkSolidity } from './text-notches.js';

/** A notched inside (text-notches.ts) still mostly its own, and filling its hull with the ink. */
const NOTCHED_MIN = 0.5;
const NOTCHED_FILL = 0.97;

export interface ShapeScale {
  /** Stroke thickness in pixels. */
  stroke: number;
  /** Typical glyph height in pixels. */
  glyph: number;
}

interface Hole {
  /** Labels of the background components the hole was found among. */
  labels: Int32Array;
  c: ComponentStats;
  hasText: boolean;
  region: FilledRegion;
  /** Text crossing the outline notches it (text-notches.ts). */
  notched?: boolean;
}

/**
 * Drops enclosed regions that are loops of connectors: such a region borders the outlines of
 * several shapes (with text) across one thin stroke, while a shape borders few. The
 * region bordering the most others goes first, until none borders two.
 */
function withoutLoops(holes: Hole[], width: number, height: number, scale: ShapeScale): Hole[] {
  // Which hole's filled region each pixel lies in (the later one where they nest), -1 for none.
  const owner = new Int32Array(width * height).fill(-1);
  holes.forEach((h, k) => {
    const [x0, y0] = h.c.bbox;
    for (let y = 0; y < h.region.h; y++) {
      for (let x = 0; x < h.region.w; x++) if (h.region.mask[y * h.region.w + x]) owner[(y + y0) * width + x + x0] = k;
    }
  });
  const r = 2 * scale.stroke + 3;
  const neighbours = holes.map((h, k) => {
    const found = new Set<number>();
    const [x0, y0] = h.c.bbox;
    const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < h.region.w && y < h.region.h && h.region.mask[y * h.region.w + x] === 1;
    for (let y = 0; y < h.region.h; y++) {
      for (let x = 0; x < h.region.w; x++) {
        if (!inside(x, y) || (inside(x - 1, y) && inside(x + 1, y) && inside(x, y - 1) && inside(x, y + 1))) continue;
        for (let dy = -r; dy <= r; dy += 2) {
          for (let dx = -r; dx <= r; dx += 2) {
            const xx = x + x0 + dx;
            const yy = y + y0 + dy;
            if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
            const o = owner[yy * width + xx]!;
            if (o >= 0 && o !== k && holes[o]!.hasText) found.add(o);
          }
        }
      }
    }
    return found;
  });
  const alive = new Set(holes.map((_, k) => k));
  for (;;) {
    let worst = -1;
    let worstCount = 1;
    for (const k of alive) {
      const count = [...neighbours[k]!].filter((o) => alive.has(o)).length;
      if (count > worstCount) {
        worst = k;
        worstCount = count;
      }
    }
    if (worst < 0) break;
    alive.delete(worst);
  }
  return holes.filter((_, k) => alive.has(k));
}

/**
 * A thin outline on a scan breaks here and there where grain and blur pull single pixels under
 * the threshold, and one such pixel lets the inside leak out: on a grainy figure holes are read
 * on the ink closed by one pixel (gaps up to two pixels wide bridged, holes not shrunk). A clean
 * render's outlines do not break, and there closing would only shut the gaps between an
 * arrowhead's barbs and the outline it points at.
 */
export const closeGaps = (m: Mask): Mask => erode(dilate(m, 1), 1);

/** Candidate holes of one mask: accepted ones (shapes) and small convex ones (side cells). */
function candidateHoles(fg: Mask, scale: ShapeScale): { accepted: Hole[]; small: { c: ComponentStats; labels: Int32Array }[] } {
  const { width } = fg;
  // Holes big enough to matter: shapes, and the narrow side cells of a subroutine box
  // (letter counters and specks are skipped). Known by label and box: listing the pixels of every
  // shape's inside costs more than finding them.
  const minLong = Math.min(Math.max(6, 0.9 * scale.glyph), 1.5 * scale.glyph);
  const holes: ComponentStats[] = [];
  const { labels } = components(fg, 0, (s) => {
    if (!s.touchesBorder && Math.min(s.bbox[2] - s.bbox[0], s.bbox[3] - s.bbox[1]) >= 3 && Math.max(s.bbox[2] - s.bbox[0], s.bbox[3] - s.bbox[1]) >= minLong) holes.push(s);
    return false;
  });
  const minSide = Math.max(6, 0.9 * scale.glyph);
  const small: { c: ComponentStats; labels: Int32Array }[] = [];
  const accepted: Hole[] = [];
  for (const c of holes) {
    const w = c.bbox[2] - c.bbox[0];
    const h = c.bbox[3] - c.bbox[1];
    if (Math.min(w, h) < 3) continue;
    const region = filledLabel(labels, c.id, c.bbox, width);
    const solidity = region.area / Math.max(1, hullArea(region.mask, region.w, region.h));
    // Letters crossing the outline notch the inside: with the ink in its hull it is whole again.
    // Only insides at least two glyphs across (a line's end notches a hollow arrowhead the same
    // way) and small: text outruns a shape at most a few lines tall, while the paper between
    // filled nodes and their lines can fill its hull with their ink too.
    const notched =
      solidity < 0.86 && solidity >= NOTCHED_MIN && Math.min(w, h) >= 2 * scale.glyph && Math.min(w, h) <= 4 * scale.glyph && Math.max(w, h) <= 10 * scale.glyph && inkSolidity(region, c.bbox[0], c.bbox[1], fg) >= NOTCHED_FILL;
    if (solidity < 0.86 && !notched) continue;
    if (Math.min(w, h) < minSide) {
      small.push({ c, labels });
      continue;
    }
    // Text inside: enclosed foreground (islands) forming one compact block in the middle. A loop
    // of connectors can enclose labels too, but those sit scattered along its sides.
    const islands = region.area - c.size;
    let hasText = false;
    if (islands > 4) {
      let bx0 = Infinity;
      let by0 = Infinity;
      let bx1 = -Infinity;
      let by1 = -Infinity;
      for (let y = 0; y < region.h; y++) {
        for (let x = 0; x < region.w; x++) {
          const p = (y + c.bbox[1]) * width + x + c.bbox[0];
          if (region.mask[y * region.w + x] && labels[p] !== c.id) {
            bx0 = Math.min(bx0, x);
            by0 = Math.min(by0, y);
            bx1 = Math.max(bx1, x + 1);
            by1 = Math.max(by1, y + 1);
          }
        }
      }
      const centred = Math.abs((bx0 + bx1) / 2 - region.w / 2) < 0.15 * region.w && Math.abs((by0 + by1) / 2 - region.h / 2) < 0.2 * region.h;
      const compact = islands / ((bx1 - bx0) * (by1 - by0)) >= 0.08;
      hasText = centred && compact;
    }
    if (notched) hasText = true;
    if (hasText || Math.max(w, h) <= 4 * scale.glyph) accepted.push({ c, region, hasText, labels, ...(notched ? { notched } : {}) });
    else if (Math.min(w, h) < 0.5 * Math.max(w, h) && region.area >= 0.9 * w * h) small.push({ c, labels });
  }
  return { accepted, small };
}

/**
 * Holes found on another reading of the ink join those of the first where they hold no large
 * hole of it: a hole that holds only crumbs of the first (pieces of background between specks,
 * each small enough to pass) takes their place.
 */
function withHolesOf(accepted: Hole[], more: Hole[], width: number): Hole[] {
  // Which hole each pixel lies in.
  const owner = new Int32Array(accepted[0]?.labels.length ?? more[0]?.labels.length ?? 0).fill(-1);
  accepted.forEach((a, k) => {
    const [x0, y0] = a.c.bbox;
    for (let y = 0; y < a.region.h; y++) for (let x = 0; x < a.region.w; x++) if (a.region.mask[y * a.region.w + x]) owner[(y + y0) * width + x + x0] = k;
  });
  const dropped = new Set<number>();
  const added: Hole[] = [];
  for (const h of more) {
    const met = new Set<number>();
    const [x0, y0] = h.c.bbox;
    for (let y = 0; y < h.region.h; y++) {
      for (let x = 0; x < h.region.w; x++) {
        const o = h.region.mask[y * h.region.w + x] ? owner[(y + y0) * width + x + x0]! : -1;
        if (o >= 0) met.add(o);
      }
    }
    if ([...met].some((k) => accepted[k]!.region.area >= 0.5 * h.region.area)) continue;
    for (const k of met) dropped.add(k);
    added.push(h);
  }
  return [...accepted.filter((_, k) => !dropped.has(k)), ...added];
}

/**
 * Holes of the foreground worth filling: `filled` holds them with what they enclose, `hollow`
 * the background pixels of each, `notched` those of insides notched by text. `more`: other readings of the ink on a scan, whose holes are
 * added where the first has none (withHolesOf): the ink over a higher threshold (a pale fill that
 * straddles the normal threshold comes out as a net of specks that cuts its inside into crumbs;
 * over the higher one only its outline and text stay), and the ink grown by faint pixels that
 * touch it (a pale thin outline the threshold cuts into dashes).
 */
export function shapeHoles(ink: Mask, scale: ShapeScale, more: Mask[] = []): { filled: Uint8Array; hollow: Uint8Array; notched: Uint8Array } {
  const { width, height } = ink;
  const filled = new Uint8Array(ink.data.length);
  const hollow = new Uint8Array(ink.data.length);
  const notched = new Uint8Array(ink.data.length);
  const paint = (c: ComponentStats, region: FilledRegion, labels: Int32Array, notch = false): void => {
    const [x0, y0] = c.bbox;
    for (let y = 0; y < region.h; y++) {
      for (let x = 0; x < region.w; x++) {
        const p = (y + y0) * width + x + x0;
        if (region.mask[y * region.w + x]) filled[p] = 1;
        if (labels[p] === c.id) {
          hollow[p] = 1;
          if (notch) notched[p] = 1;
        }
      }
    }
  };
  const first = candidateHoles(ink, scale);
  let accepted = first.accepted;
  const small = first.small;
  for (const m of more) accepted = withHolesOf(accepted, candidateHoles(m, scale).accepted, width);
  for (const a of withoutLoops(accepted, width, height, scale)) paint(a.c, a.region, a.labels, a.notched === true);
  // Narrow convex holes beside an accepted one (the side cells of a subroutine box, the gap of a
  // double border) belong to the same shape.
  const near = dilate({ width, height, data: filled }, 2 * scale.stroke + 2).data;
  const touches = (c: ComponentStats, labels: Int32Array, mask: Uint8Array): boolean => {
    for (let y = c.bbox[1]; y < c.bbox[3]; y++) {
      for (let p = y * width + c.bbox[0], end = y * width + c.bbox[2]; p < end; p++) if (labels[p] === c.id && mask[p]) return true;
    }
    return false;
  };
  for (const { c, labels } of small) {
    const long = Math.max(c.bbox[2] - c.bbox[0], c.bbox[3] - c.bbox[1]);
    if (long >= 1.5 * scale.glyph && touches(c, labels, near)) paint(c, filledLabel(labels, c.id, c.bbox, width), labels);
  }
  return { filled, hollow, notched };
}
