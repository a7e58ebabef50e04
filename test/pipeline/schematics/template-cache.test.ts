// Templates made once per detection: what the cache serves must be what drawing the template
// afresh gives (templates.ts), for every turn, a subset of turns, and the quick template.
import { describe, expect, it } from 'vitest';
import type { Mask } from '../../../src/pipeline/schematics/raster.js';
import { TemplateCache } from '../../../src/pipeline/schematics/template-cache.js';
import { morph, padMask, penOpening, scaledPicture, skeleton, soften, turnMask, variantsOf } from '../../../src/pipeline/schematics/templates.js';

/** A valve-like picture: two triangles tip to tip, with a stem (not alike under every turn). */
function picture(): Mask {
  const w = 40;
  const h = 30;
  const data = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) {
    const half = Math.abs(x - w / 2);
    for (let y = 10; y < 30; y++) if (Math.abs(y - 20) <= half / 2 + 1 && Math.abs(y - 20) >= half / 2 - 1) data[y * w + x] = 1;
  }
  for (let y = 0; y < 20; y++) data[y * w + 20] = data[y * w + 21] = 1;
  for (let x = 14; x < 28; x++) data[x] = data[w + x] = 1;
  return { data, width: w, height: h };
}

const SETTINGS = { stroke: 2, pad: 2, minRun: 20, minPiece: 3 };

describe('template cache', () => {
  it('serves the variants and scaled pictures drawing them afresh gives', async () => {
    const pic = picture();
    const cache = new TemplateCache(SETTINGS);
    for (const scale of [0.8, 1, 1.37]) {
      const fresh = variantsOf(3, await scaledPicture(pic, scale, 2, 3), scale, 2, 20, 3);
      const got = await cache.variants(3, pic, 3, scale);
      expect(got).toEqual(fresh);
      // Asked again: the same objects (their sparse forms are cached by identity).
      expect(await cache.variants(3, pic, 3, scale)).toBe(got);
      // One turn: the whole set's variant for it.
      const one = await cache.variants(3, pic, 3, scale, [fresh[1]!.rot]);
      expect(one).toEqual(variantsOf(3, await scaledPicture(pic, scale, 2, 3), scale, 2, 20, 3, [fresh[1]!.rot]));
      expect(one[0]).toBe(got[1]);
    }
  });

  it('serves a subset of turns asked before the whole set, and quick templates', async () => {
    const pic = picture();
    const cache = new TemplateCache(SETTINGS);
    const scaled = await scaledPicture(pic, 1.2, 2, 3);
    expect(await cache.variants(0, pic, 3, 1.2, [90])).toEqual(variantsOf(0, scaled, 1.2, 2, 20, 3, [90]));
    const q = await cache.quick(pic, 3, 1.2, 270);
    expect(q.img).toEqual(soften(padMask(turnMask(scaled, 270), 2)));
    expect(await cache.quick(pic, 3, 1.2, 270)).toBe(q);
    expect((await cache.quick(pic, 3, 1.2, 0)).img).not.toEqual(q.img);
  });
});

describe('turned templates', () => {
  it('turning the upright residual and softened image gives what each turn would make on its own', () => {
    // A lopsided picture (a slanted stroke, a long bar, a blob at one corner) so no turn looks like another.
    const w = 37;
    const h = 23;
    const data = new Uint8Array(w * h);
    for (let x = 2; x < 34; x++) data[4 * w + x] = 1;
    for (let y = 6; y < 21; y++) data[y * w + 3 + Math.floor(y / 2)] = 1;
    for (let y = 15; y < 20; y++) for (let x = 28; x < 33; x++) data[y * w + x] = 1;
    // Dots alike in size: their order among the pieces is their labels' order in each turn.
    for (const [x, y] of [[10, 8], [20, 9], [16, 12], [16, 16], [23, 17], [8, 18], [30, 8]] as const) for (let k = 0; k < 9; k++) data[(y + Math.floor(k / 3)) * w + x + (k % 3)] = 1;
    const pic = { data, width: w, height: h };
    const all = variantsOf(3, pic, 1, 2, 12, 3);
    expect(all.map((v) => v.rot)).toEqual([0, 90, 180, 270]);
    for (const v of all) {
      const alone = variantsOf(3, pic, 1, 2, 12, 3, [v.rot])[0]!;
      expect(v.img).toEqual(alone.img);
      expect(v.marks).toEqual(alone.marks);
      expect(v.blobs).toEqual(alone.blobs);
      expect(v.parts).toEqual(alone.parts);
      expect(v.parts.length).toBeGreaterThan(6);
      expect(v.ink).toBe(alone.ink);
    }
  });
});

/** scaledPicture by its plain definition: a round pen stamped pixel by pixel, filled parts sampled. */
function scaledPlain(p: Mask, scale: number, pageStroke: number, pictureStroke: number): Uint8Array {
  const ow = Math.max(3, Math.round(p.width * scale));
  const oh = Math.max(3, Math.round(p.height * scale));
  const out = new Uint8Array(ow * oh);
  const r = Math.max(0.5, pageStroke / 2);
  const stamp = (cx: number, cy: number): void => {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) if (y >= 0 && y < oh && x >= 0 && x < ow && (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r) out[y * ow + x] = 1;
    }
  };
  const sk = skeleton(p);
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      if (!sk[y * p.width + x]) continue;
      stamp((x + 0.5) * scale, (y + 0.5) * scale);
      for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [-1, 1]] as const) {
        if (x + dx < 0 || y + dy >= p.height || x + dx >= p.width || !sk[(y + dy) * p.width + x + dx]) continue;
        const steps = Math.ceil(scale * 2);
        for (let k = 1; k < steps; k++) stamp((x + 0.5) * scale + (dx * scale * k) / steps, (y + 0.5) * scale + (dy * scale * k) / steps);
      }
    }
  }
  const pen = penOpening(pictureStroke);
  const grown = morph(morph(p, -pen), pen);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) if (grown.data[Math.min(p.height - 1, Math.floor((y + 0.5) / scale)) * p.width + Math.min(p.width - 1, Math.floor((x + 0.5) / scale))]) out[y * ow + x] = 1;
  }
  return out;
}

describe('scaled pictures', () => {
  it('draw the same pixels as stamping the pen pixel by pixel, at any scale and pen', async () => {
    const p = picture();
    // A filled block too, so the filled parts count.
    for (let y = 20; y < 27; y++) for (let x = 2; x < 9; x++) p.data[y * p.width + x] = 1;
    // (Scales 1 and 2 put pixel centres exactly on the pen's rim.)
    for (const [scale, pen, own] of [[0.7, 2, 2], [1, 2, 3.5], [1.37, 3, 2], [2, 3, 2], [2.5, 2.6, 3], [3.3, 4, 2]] as const) {
      expect((await scaledPicture(p, scale, pen, own)).data).toEqual(scaledPlain(p, scale, pen, own));
    }
  });

  it('draw strokes as wide as the picture pen with the page pen, not as filled parts', async () => {
    // A check valve's bar: 3 pixels wide, drawn with a pen measured 2.9; enlarged 2.5 times it is
    // a stroke of the page's pen (3), not a bar three times as wide.
    const w = 12;
    const h = 20;
    const p: Mask = { data: new Uint8Array(w * h), width: w, height: h };
    for (let y = 2; y < 18; y++) for (let x = 5; x < 8; x++) p.data[y * w + x] = 1;
    // And a filled block, which stays filled.
    const q: Mask = { data: new Uint8Array(w * h), width: w, height: h };
    for (let y = 4; y < 16; y++) for (let x = 2; x < 10; x++) q.data[y * w + x] = 1;
    const widest = (m: Mask): number => {
      let most = 0;
      for (let y = 0; y < m.height; y++) {
        let n = 0;
        for (let x = 0; x < m.width; x++) n += m.data[y * m.width + x]!;
        most = Math.max(most, n);
      }
      return most;
    };
    expect(widest(await scaledPicture(p, 2.5, 3, 2.9))).toBeLessThanOrEqual(4);
    expect(widest(await scaledPicture(q, 2.5, 3, 2.9))).toBeGreaterThanOrEqual(18);
  });
});
