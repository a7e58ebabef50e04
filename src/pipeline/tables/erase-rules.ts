// Ruling lines painted out of a table image before OCR: tesseract's page segmentation reads a
// densely ruled grid as a picture and returns no words at all, while the same image with its
// rules removed reads cleanly. The rules themselves are kept for the structure (image-rules.ts).
import sharp from 'sharp';
import type { Segment } from '../types.js';

/** The PNG with every segment covered in white, `pad` pixels wider than the rule on each side. */
export async function eraseRules(png: Buffer, segments: Segment[], pad = 2): Promise<Buffer> {
  if (segments.length === 0) return png;
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const rects = segments
    .map((s) => {
      const half = s.width / 2 + pad;
      const x0 = Math.max(0, Math.min(s.x0, s.x1) - half);
      const y0 = Math.max(0, Math.min(s.y0, s.y1) - half);
      const x1 = Math.min(width, Math.max(s.x0, s.x1) + half);
      const y1 = Math.min(height, Math.max(s.y0, s.y1) + half);
      return `<rect x="${x0}" y="${y0}" width="${Math.max(0, x1 - x0)}" height="${Math.max(0, y1 - y0)}" fill="#fff"/>`;
    })
    .join('');
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rects}</svg>`);
  return sharp(png).composite([{ input: overlay, top: 0, left: 0 }]).png().toBuffer();
}
