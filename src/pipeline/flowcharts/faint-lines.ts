// Thin, pale connectors on a scan fall partly under the foreground threshold and break into
// dashes. Outside the shapes no fill can straddle a lower threshold, so there the foreground is
// grown by hysteresis: pixels over a low threshold join it where they touch ink that is already
// over the full one (noise, standing alone, does not).
import { components } from './components.js';
import { colourDistance, type Mask, type Rgb, type RgbImage } from './raster.js';

/** `fg` plus faint pixels (distance from the background over `low`) outside `away` that connect to it. */
export function withFaintLines(img: RgbImage, bg: Rgb, fg: Mask, away: Uint8Array, low: number): Mask {
  const { width, height } = fg;
  const faint = new Uint8Array(fg.data.length);
  for (let p = 0; p < faint.length; p++) faint[p] = !away[p] && (fg.data[p] || colourDistance(img.data, p * 3, bg) > low) ? 1 : 0;
  const data = fg.data.slice();
  for (const c of components({ width, height, data: faint }, 1).list) {
    if (!c.pixels.some((p) => fg.data[p])) continue;
    for (const p of c.pixels) data[p] = 1;
  }
  return { width, height, data };
}
