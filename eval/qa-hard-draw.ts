// The drawing machinery the generated QA document sets share (docs5..docs8): seeded number
// streams and a Draw of choices, integers, unique names and shuffles. Each set keeps its own
// stream and syllables, so what a set generates does not change with this module.

/** A linear congruential stream (docs6, docs7): s = s * 1103515245 + 12345, in doubles then cut to 32 bits. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 4294967296;
  };
}

/** A linear congruential stream in 32-bit integer arithmetic (docs8): s = s * 22695477 + 1. */
export function lcg32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 22695477) + 1) >>> 0;
    return s / 4294967296;
  };
}

/** The mulberry32 stream (docs5). */
export function mulberry(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Choices drawn from one stream; `word()` makes unique place-like names from the set's syllables. */
export class Draw {
  private readonly used = new Set<string>();
  constructor(
    readonly r: () => number,
    private readonly syllables: readonly string[],
  ) {}
  one<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.r() * xs.length)]!;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.r() < p;
  }
  unique(make: () => string): string {
    for (;;) {
      const v = make();
      if (!this.used.has(v)) {
        this.used.add(v);
        return v;
      }
    }
  }
  shuffle<T>(xs: readonly T[]): T[] {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.r() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
  word(): string {
    return this.unique(() => {
      let w = '';
      for (let i = 0, n = this.int(2, 3); i < n; i++) w += this.one(this.syllables);
      return w[0]!.toUpperCase() + w.slice(1);
    });
  }
}

/** A number with thousands separators ("12,345"). */
export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
