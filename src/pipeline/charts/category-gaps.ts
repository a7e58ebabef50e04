// A category axis puts its categories at even steps. On a scan OCR misses some of its labels (a
// blurred "Feb", a label a line runs through): the labels read then sit at whole multiples of the
// step, and the steps between them still hold categories. Their names are filled in where the
// read ones form a known sequence (months, weekdays, quarters, whole numbers counting up).

export interface Category {
  name: string;
  x: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/**
 * The categories with the steps OCR missed put back: only where every gap between neighbours is
 * within 12 % of a whole multiple (at most 4) of the smallest gap and at least one gap is a multiple.
 */
export function fillCategoryGaps(cats: Category[]): Category[] {
  if (cats.length < 3) return cats;
  const gaps = cats.slice(1).map((c, i) => c.x - cats[i]!.x);
  const step = Math.min(...gaps);
  if (!(step >= 8)) return cats;
  const multiples = gaps.map((g) => Math.round(g / step));
  if (multiples.every((m) => m === 1) || multiples.some((m, i) => m > 4 || Math.abs(gaps[i]! - m * step) > 0.12 * step * m)) return cats;
  // The step again from the whole span (the smallest gap alone is noisier).
  const slots = multiples.reduce((s, m) => s + m, 0);
  const d = (cats[cats.length - 1]!.x - cats[0]!.x) / slots;
  const out: Category[] = [];
  const index: number[] = [];
  let slot = 0;
  cats.forEach((c, i) => {
    if (i > 0)
      for (let k = 1; k < multiples[i - 1]!; k++) {
        out.push({ name: '', x: cats[0]!.x + (slot + k) * d });
        index.push(slot + k);
      }
    if (i > 0) slot += multiples[i - 1]!;
    out.push(c);
    index.push(slot);
  });
  return nameFromSequence(out, index);
}

/** Unnamed slots named from the read names when those count up along a known sequence. */
function nameFromSequence(cats: Category[], slot: number[]): Category[] {
  const read = cats.map((c, i) => ({ name: c.name.trim(), slot: slot[i]! })).filter((c) => c.name);
  const byList = (list: string[]): ((s: number) => string) | undefined => {
    const pos = read.map((c) => list.indexOf(c.name.slice(0, 3).toLowerCase()));
    if (pos.some((p) => p < 0)) return undefined;
    const base = (pos[0]! - read[0]!.slot + 100 * list.length) % list.length;
    if (!read.every((c, i) => (base + c.slot) % list.length === pos[i])) return undefined;
    // The read names' own form (case, length) for the ones put back.
    const sample = read[0]!.name;
    const form = (w: string): string => (sample === sample.toUpperCase() ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1));
    return sample.length === 3 ? (s) => form(list[(base + s) % list.length]!) : undefined;
  };
  const numeric = (): ((s: number) => string) | undefined => {
    if (!read.every((c) => /^-?\d+$/.test(c.name))) return undefined;
    const v = read.map((c) => Number(c.name));
    if (read.length < 2) return undefined;
    const per = (v[1]! - v[0]!) / (read[1]!.slot - read[0]!.slot);
    if (!Number.isInteger(per) || per === 0 || !read.every((c, i) => v[i] === v[0]! + per * (c.slot - read[0]!.slot))) return undefined;
    return (s) => String(v[0]! + per * (s - read[0]!.slot));
  };
  const quarter = (): ((s: number) => string) | undefined => {
    const m = read.map((c) => /^Q([1-4])$/i.exec(c.name));
    if (m.some((x) => !x)) return undefined;
    const pos = m.map((x) => Number(x![1]) - 1);
    const base = (pos[0]! - read[0]!.slot + 400) % 4;
    return read.every((c, i) => (base + c.slot) % 4 === pos[i]) ? (s) => `Q${((base + s) % 4) + 1}` : undefined;
  };
  const name = byList(MONTHS) ?? byList(DAYS) ?? numeric() ?? quarter();
  return name ? cats.map((c, i) => (c.name ? c : { ...c, name: name(slot[i]!) })) : cats;
}
