// The working frame of detection: the sheet scaled down to a working resolution and turned
// upright (deskewed). Points and boxes move between it and the original image; crops of the
// original are sampled upright at any scale (for OCR and legend pictures).
import type { BBox } from '../types.js';
import type { GreyPixels } from './raster.js';

export class Frame {
  private readonly cos: number;
  private readonly sin: number;

  constructor(
    /** Original image size. */
    readonly width: number,
    readonly height: number,
    /** Working image size. */
    readonly workWidth: number,
    readonly workHeight: number,
    /** Skew of the original's content, degrees clockwise. */
    readonly skew: number,
  ) {
    const a = (skew * Math.PI) / 180;
    this.cos = Math.cos(a);
    this.sin = Math.sin(a);
  }

  /** Working pixels per original pixel. */
  get scale(): number {
    return this.workWidth / this.width;
  }

  /** A working (upright) point in original pixels (continuous coordinates). */
  toOriginal(x: number, y: number): [number, number] {
    const cx = this.workWidth / 2;
    const cy = this.workHeight / 2;
    const dx = x - cx;
    const dy = y - cy;
    const wx = cx + this.cos * dx - this.sin * dy;
    const wy = cy + this.sin * dx + this.cos * dy;
    return [(wx * this.width) / this.workWidth, (wy * this.height) / this.workHeight];
  }

  /** An original point in working (upright) pixels. */
  fromOriginal(x: number, y: number): [number, number] {
    const wx = (x * this.workWidth) / this.width;
    const wy = (y * this.workHeight) / this.height;
    const cx = this.workWidth / 2;
    const cy = this.workHeight / 2;
    const dx = wx - cx;
    const dy = wy - cy;
    return [cx + this.cos * dx + this.sin * dy, cy - this.sin * dx + this.cos * dy];
  }

  /** The original-pixel box around a working box's four corners, clamped to the image. */
  boxToOriginal(b: BBox): BBox {
    const c = [this.toOriginal(b[0], b[1]), this.toOriginal(b[2], b[1]), this.toOriginal(b[0], b[3]), this.toOriginal(b[2], b[3])];
    const r = (v: number): number => Math.round(v * 10) / 10;
    return [
      r(Math.max(0, Math.min(...c.map((p) => p[0])))),
      r(Math.max(0, Math.min(...c.map((p) => p[1])))),
      r(Math.min(this.width, Math.max(...c.map((p) => p[0])))),
      r(Math.min(this.height, Math.max(...c.map((p) => p[1])))),
    ];
  }

  boxFromOriginal(b: BBox): BBox {
    const c = [this.fromOriginal(b[0], b[1]), this.fromOriginal(b[2], b[1]), this.fromOriginal(b[0], b[3]), this.fromOriginal(b[2], b[3])];
    return [Math.min(...c.map((p) => p[0])), Math.min(...c.map((p) => p[1])), Math.max(...c.map((p) => p[0])), Math.max(...c.map((p) => p[1]))];
  }

  pointToOriginal(p: [number, number]): [number, number] {
    const [x, y] = this.toOriginal(p[0], p[1]);
    return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
  }

  /**
   * The working box `b` cut upright out of the original image, `scale` output pixels per working
   * pixel, bilinear; `keep` (working pixel -> boolean) whitens what it rejects.
   */
  crop(original: GreyPixels, b: BBox, scale: number, keep?: (x: number, y: number) => boolean): GreyPixels {
    const w = Math.max(1, Math.round((b[2] - b[0]) * scale));
    const h = Math.max(1, Math.round((b[3] - b[1]) * scale));
    const out = new Uint8Array(w * h);
    const { data, width, height } = original;
    for (let v = 0; v < h; v++) {
      for (let u = 0; u < w; u++) {
        const x = b[0] + (u + 0.5) / scale;
        const y = b[1] + (v + 0.5) / scale;
        if (keep && !keep(x, y)) {
          out[v * w + u] = 255;
          continue;
        }
        const [ox, oy] = this.toOriginal(x, y);
        const sx = ox - 0.5;
        const sy = oy - 0.5;
        const x0 = Math.floor(sx);
        const y0 = Math.floor(sy);
        if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
          out[v * w + u] = 255;
          continue;
        }
        const fx = sx - x0;
        const fy = sy - y0;
        const i = y0 * width + x0;
        const top = data[i]! + (data[i + 1]! - data[i]!) * fx;
        const bottom = data[i + width]! + (data[i + width + 1]! - data[i + width]!) * fx;
        out[v * w + u] = Math.round(top + (bottom - top) * fy);
      }
    }
    return { data: out, width: w, height: h };
  }
}
