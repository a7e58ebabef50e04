// PDF user space → page pixels (origin top-left, y down) for a page's box, /Rotate and DPI.

/** Affine matrix [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f (PDF order). */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `first` then `second` (PDF's m1 × m2). */
export function multiply(first: Matrix, second: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = second;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

export interface PageBox {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/**
 * The page-to-device matrix PDFium itself uses when rendering with rotate = 0: the page box is
 * turned clockwise by `rotation` quarter turns (/Rotate) and scaled to `dpi`.
 */
export function deviceMatrix(box: PageBox, rotation: number, dpi: number): Matrix {
  const s = dpi / 72;
  const w = (box.right - box.left) * s;
  const h = (box.top - box.bottom) * s;
  // Unrotated top-down pixels: u = (x - left)·s, v = (top - y)·s.
  const topDown: Matrix = [s, 0, 0, -s, -box.left * s, box.top * s];
  const turns: Record<number, Matrix> = {
    0: IDENTITY,
    1: [0, 1, -1, 0, h, 0], // (u, v) → (h - v, u)
    2: [-1, 0, 0, -1, w, h], // (u, v) → (w - u, h - v)
    3: [0, -1, 1, 0, 0, w], // (u, v) → (v, w - u)
  };
  return multiply(topDown, turns[((rotation % 4) + 4) % 4] ?? IDENTITY);
}

/** Bounding box of a user-space rectangle after `m`, as [x0, y0, x1, y1]. */
export function transformRect(m: Matrix, x0: number, y0: number, x1: number, y1: number): [number, number, number, number] {
  const pts = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
