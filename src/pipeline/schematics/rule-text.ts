// Characters fused with a rule. A label's last letter drawn against a legend table's vertical
// rule ("OFF-PAGE CONNECTOR" with its R on the rule) or a tag's first or last character touching
// a frame's line is one connected component with the rule, which the text crop whitens: the line
// reads a letter short ("CONNECTO") and, for a legend label, every symbol of that class gets a
// wrong class. The rule is a straight run of ink much longer than a character; the ink beside
// the line's end, on its band, of the rule's component but off the rule itself, is the missing
// character, and the line is read again with it (outline-text.ts readFused).
import type { BBox } from '../types.js';
import type { FusedLine } from './outline-text.js';
import type { Components, Mask } from './raster.js';
import type { TextItem } from './types.js';

/** A run of ink this many text heights long, through a pixel, makes the pixel a rule's. */
const RULE_RUN = 2.5;
/** How far (text heights) beyond a line's end fused characters are sought (two letters may be fused). */
const REACH = 2.5;
/** The missing ink starts within this much (text heights) of the line's end: a letter's spacing. */
const SPACING = 0.6;

/**
 * Text lines with a character fused with a rule at either end: each such line grown over that
 * ink (its `extra` pixels), to be read again. The ink must belong to a component larger than a
 * character (the rule's), lie off the rule (runs through it, grown a pixel, shorter than
 * RULE_RUN text heights both ways), start a letter's spacing from the line's end, be as tall as
 * a letter nearly, stay within half a text height of the line's band (off the rules), and end
 * at a vertical rule across the band.
 */
export function ruleFusedLines(items: TextItem[], mask: Mask, cc: Components, th: number): FusedLine[] {
  const { width: W, height: H } = mask;
  const long = Math.round(RULE_RUN * th);
  const text = new Set(items.flatMap((t) => t.members));
  const ink = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < W && y < H && mask.data[y * W + x] !== 0;
  const run = (x: number, y: number, dx: number, dy: number): number => {
    let n = 0;
    while (n < long && ink(x + dx * (n + 1), y + dy * (n + 1))) n++;
    return n;
  };
  const vertical = (x: number, y: number): boolean => ink(x, y) && run(x, y, 0, -1) + run(x, y, 0, 1) + 1 >= long;
  const onRule = (x: number, y: number): boolean => ink(x, y) && (vertical(x, y) || run(x, y, -1, 0) + run(x, y, 1, 0) + 1 >= long);
  const nearRule = (x: number, y: number): boolean => {
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (onRule(x + dx, y + dy)) return true;
    return false;
  };
  const big = (l: number): boolean => cc.y1[l]! - cc.y0[l]! > 2 * th || cc.x1[l]! - cc.x0[l]! > 3 * th;
  /**
   * Whether the ink found, followed off the rules, runs on more than half a text height above or
   * below the line's band: a symbol's slanted side (an interlock's diamond inside its square,
   * whose side is a rule), not a letter.
   */
  const leavesBand = (found: number[], x0: number, x1: number, y0: number, y1: number): boolean => {
    const top = Math.max(0, Math.floor(y0 - 0.5 * th));
    const bottom = Math.min(H, Math.ceil(y1 + 0.5 * th));
    const seen = new Set(found);
    const queue = [...found];
    while (queue.length > 0) {
      const i = queue.pop()!;
      const [x, y] = [i % W, Math.floor(i / W)];
      if (y <= top || y >= bottom - 1) return true;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          const j = ny * W + nx;
          if (nx < x0 - th || nx >= x1 + th || seen.has(j) || !ink(nx, ny) || text.has(cc.labels[j]!) || nearRule(nx, ny)) continue;
          seen.add(j);
          queue.push(j);
        }
      }
    }
    return false;
  };
  const out: FusedLine[] = [];
  items.forEach((t, k) => {
    if (t.members.length === 0) return;
    const y0 = Math.max(0, Math.floor(t.box[1]));
    const y1 = Math.min(H, Math.ceil(t.box[3]));
    const extra = new Set<number>();
    const box: BBox = [t.box[0], t.box[1], t.box[2], t.box[3]];
    for (const side of [-1, 1] as const) {
      const from = side === 1 ? Math.ceil(t.box[2]) : Math.floor(t.box[0]) - 1;
      const found: number[] = [];
      let [fx0, fx1, fy0, fy1] = [Infinity, -Infinity, Infinity, -Infinity];
      let touches = false;
      // Column by column outwards, up to the rule: a column mostly of a vertical rule ends it.
      for (let s = 0; s < REACH * th && !touches; s++) {
        const x = from + side * s;
        if (x < 0 || x >= W) break;
        let rule = 0;
        for (let y = y0; y < y1; y++) {
          const i = y * W + x;
          const l = cc.labels[i]!;
          if (!mask.data[i] || text.has(l) || !big(l)) continue;
          if (nearRule(x, y)) {
            if (vertical(x, y)) rule++;
            continue;
          }
          found.push(i);
          fx0 = Math.min(fx0, x);
          fx1 = Math.max(fx1, x + 1);
          fy0 = Math.min(fy0, y);
          fy1 = Math.max(fy1, y + 1);
        }
        if (rule >= 0.6 * (y1 - y0)) {
          touches = found.length > 0;
          break;
        }
      }
      if (found.length < 0.1 * th * th || !touches) continue;
      const gap = side === 1 ? fx0 - t.box[2] : t.box[0] - fx1;
      if (gap > SPACING * th || fy1 - fy0 < 0.6 * (y1 - y0) || leavesBand(found, fx0, fx1, y0, y1)) continue;
      for (const i of found) extra.add(i);
      box[0] = Math.min(box[0], fx0);
      box[2] = Math.max(box[2], fx1);
    }
    if (extra.size > 0) out.push({ item: k, group: { box, members: t.members, extra } });
  });
  return out;
}
