// Colour arithmetic in RGB shared by the chart's pixel passes (raster.ts, settle.ts).
export type Rgb = [number, number, number];

export const colourDistance = (a: Rgb, b: Rgb): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Spread between the strongest and weakest channel: 0 for greys, high for vivid colours. */
export const chroma = (c: Rgb): number => Math.max(c[0], c[1], c[2]) - Math.min(c[0], c[1], c[2]);

/** Where colour c lies on the way from `full` to the background (t 0..1) and how far off that way (d). */
export const tintOf = (c: Rgb, full: Rgb, background: Rgb): { d: number; t: number } => toSegment(c, full, background);

/** Distance from point p to the segment a–b in RGB, and where along it (0 at a, 1 at b). */
export function toSegment(p: Rgb, a: Rgb, b: Rgb): { d: number; t: number } {
  const ab: Rgb = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const len2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1] + (p[2] - a[2]) * ab[2]) / len2));
  return { d: colourDistance(p, [a[0] + t * ab[0], a[1] + t * ab[1], a[2] + t * ab[2]]), t };
}
