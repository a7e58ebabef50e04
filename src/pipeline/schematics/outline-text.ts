// Tag characters fused with a symbol's outline. An instrument's loop number often touches its
// bubble or diamond ("859A" with the 8 and the A on a diamond's sides): those characters are part
// of the outline's connected component, which the text crop whitens, and the tag reads "59".
// Once the symbol is matched, its template's ink says which pixels are outline; the ink left
// beside a text line inside the symbol, off the outline, is the line's missing characters, and
// the line is read again with it.
import type { BBox } from '../types.js';
import type { Frame } from './frame.js';
import { type Components, type GreyPixels, type Mask } from './raster.js';
import { morph } from './templates.js';
import { readGroups, type TextGroup } from './text.js';
import type { SchematicOcr, TextItem } from './types.js';

export interface DrawnSymbol {
  /** Where its template lies (working pixels), the size of `ink`. */
  box: BBox;
  /** The template's ink there. */
  ink: Mask;
}

export interface FusedLine {
  /** Index into the text items. */
  item: number;
  group: TextGroup;
}

/**
 * Text lines inside a symbol with ink beside them, on their band, that is neither theirs nor the
 * outline's (the template's ink grown by `reach` pixels, forgiving a match a pixel off): the line
 * grown over that ink, to be read again. One pixel: grown by the pen's width (3-4 pixels), the
 * outline took the characters' strokes along it too ("869B" read "269P", "859A" "259/").
 */
export function fusedLines(items: TextItem[], symbols: DrawnSymbol[], mask: Mask, cc: Components, th: number, reach: number): FusedLine[] {
  const out: FusedLine[] = [];
  // Other lines' characters are theirs, not this line's missing ones.
  const text = new Set(items.flatMap((t) => t.members));
  for (const s of symbols) {
    const grown = morph(s.ink, reach);
    const [sx, sy] = [Math.round(s.box[0]), Math.round(s.box[1])];
    const outline = (x: number, y: number): boolean => {
      const gx = x - sx;
      const gy = y - sy;
      return gx < 0 || gy < 0 || gx >= grown.width || gy >= grown.height || grown.data[gy * grown.width + gx] === 1;
    };
    items.forEach((t, k) => {
      const cx = (t.box[0] + t.box[2]) / 2;
      const cy = (t.box[1] + t.box[3]) / 2;
      if (t.members.length === 0 || cx <= s.box[0] || cx >= s.box[2] || cy <= s.box[1] || cy >= s.box[3]) return;
      const extra = new Set<number>();
      const box: BBox = [t.box[0], t.box[1], t.box[2], t.box[3]];
      const y0 = Math.max(0, Math.floor(t.box[1]));
      const y1 = Math.min(mask.height, Math.ceil(t.box[3]));
      const x0 = Math.max(0, Math.floor(Math.max(s.box[0], t.box[0] - 1.5 * th)));
      const x1 = Math.min(mask.width, Math.ceil(Math.min(s.box[2], t.box[2] + 1.5 * th)));
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = y * mask.width + x;
          const l = cc.labels[i]!;
          // Only ink of components larger than a character (the outline's): specks stay out.
          if (!mask.data[i] || text.has(l) || outline(x, y) || (cc.y1[l]! - cc.y0[l]! <= 2 * th && cc.x1[l]! - cc.x0[l]! <= 3 * th)) continue;
          extra.add(i);
          box[0] = Math.min(box[0], x);
          box[2] = Math.max(box[2], x + 1);
        }
      }
      // Enough to be a character's remains: a speck or a pen's fringe is not.
      if (extra.size < 0.1 * th * th) return;
      out.push({ item: k, group: { box, members: t.members, extra } });
    });
  }
  return out;
}

const alnum = (t: string): string => t.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** Whether `short` is `long` with characters left out (in order). */
function within(short: string, long: string): boolean {
  let j = 0;
  for (let i = 0; i < long.length && j < short.length; i++) if (long[i] === short[j]) j++;
  return j === short.length;
}

/**
 * The items with their fused lines read again (one OCR call); a new reading replaces the old only
 * when it holds the old one's characters in order and more (the outline's characters recovered),
 * never when it reads the outline as other marks or reads less.
 */
export async function readFused(items: TextItem[], fused: FusedLine[], cc: Components, mask: Mask, frame: Frame, original: GreyPixels, th: number, ocr: SchematicOcr): Promise<TextItem[]> {
  if (fused.length === 0) return items;
  const again = await readGroups(fused.map((f) => f.group), cc, mask, frame, original, th, ocr);
  const out = [...items];
  for (const f of fused) {
    const r = again.find((a) => a.box.every((v, n) => v === f.group.box[n]));
    const old = out[f.item]!;
    if (!r) continue;
    const [a, b] = [alnum(old.text), alnum(r.text)];
    if (b.length > a.length && within(a, b)) out[f.item] = { ...old, text: r.text.trim() };
  }
  return out;
}
