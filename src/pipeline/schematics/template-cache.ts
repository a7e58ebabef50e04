// Templates made once per detection. The scale searches (the legend's scale, each picture's own
// scale, its rough and fine fits, the ladder, the settling of matches) ask for the same picture
// at the same scale and turn many times over; drawing it again each time (skeleton traced with
// the page's pen, turned, padded, softened, its residual cut) was a tenth of a sheet's time.
// Cached templates are the same objects, so their sparse forms (match.ts) are made once too.
import type { Mask } from './raster.js';
import { padMask, scaledPicture, soften, turnMask, variantsOf, type Turn, type Variant } from './templates.js';

const ALL_TURNS: readonly Turn[] = [0, 90, 180, 270];

export interface TemplateSettings {
  /** The page's pen width: templates are drawn with it. */
  stroke: number;
  pad: number;
  /** Residual settings of variantsOf. */
  minRun: number;
  minPiece: number;
}

export class TemplateCache {
  private readonly scaledBy = new WeakMap<Mask, Map<string, Promise<Mask>>>();
  private readonly variantsBy = new WeakMap<Mask, Map<string, Variant[]>>();
  private readonly quickBy = new WeakMap<Mask, Map<string, Variant>>();

  constructor(readonly settings: TemplateSettings) {}

  /** The picture drawn at `scale` with the page's pen (templates.scaledPicture), once per scale. */
  scaled(picture: Mask, pen: number, scale: number): Promise<Mask> {
    const byKey = mapOf(this.scaledBy, picture);
    const key = `${scale}|${pen}`;
    let got = byKey.get(key);
    if (!got) {
      got = scaledPicture(picture, scale, this.settings.stroke, pen);
      byKey.set(key, got);
    }
    return got;
  }

  /**
   * A picture's variants at `scale` (templates.variantsOf). A variant depends on its own turn
   * only, so a subset of turns whose variants the whole set kept is served from the whole set.
   */
  async variants(entry: number, picture: Mask, pen: number, scale: number, turns: readonly Turn[] = ALL_TURNS): Promise<Variant[]> {
    const byKey = mapOf(this.variantsBy, picture);
    const key = `${entry}|${scale}|${pen}`;
    const whole = byKey.get(`${key}|all`);
    if (whole && turns !== ALL_TURNS) {
      const picked = turns.map((t) => whole.find((v) => v.rot === t));
      if (picked.every((v) => v !== undefined)) return picked;
    }
    const own = `${key}|${turns === ALL_TURNS ? 'all' : turns.join(',')}`;
    let got = byKey.get(own);
    if (!got) {
      const { pad, minRun, minPiece } = this.settings;
      got = variantsOf(entry, await this.scaled(picture, pen, scale), scale, pad, minRun, minPiece, turns);
      byKey.set(own, got);
    }
    return got;
  }

  /** A template image only (no pieces or marks): for scoring scales and places quickly. */
  async quick(picture: Mask, pen: number, scale: number, rot: Turn): Promise<Variant> {
    const byKey = mapOf(this.quickBy, picture);
    const key = `${scale}|${pen}|${rot}`;
    let got = byKey.get(key);
    if (!got) {
      const m = padMask(turnMask(await this.scaled(picture, pen, scale), rot), this.settings.pad);
      got = { entry: -1, rot, scale, img: soften(m), blobs: [], parts: [], marks: new Int32Array(0), ink: 0 };
      byKey.set(key, got);
    }
    return got;
  }
}

function mapOf<V>(m: WeakMap<Mask, Map<string, V>>, k: Mask): Map<string, V> {
  let got = m.get(k);
  if (!got) {
    got = new Map();
    m.set(k, got);
  }
  return got;
}
