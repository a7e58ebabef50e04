// The chart's text: words from the PDF text layer or the OCR port, grouped into phrases (a tick
// label, a legend entry, a title), and numbers read from them.
import sharp from 'sharp';
import type { BBox, PageText, Word } from '../types.js';

export interface Phrase {
  text: string;
  bbox: BBox;
  words: Word[];
  /** The number it states, when it is one (tick labels, value labels). */
  value: number | null;
  /** Percent sign present. */
  percent: boolean;
}

export const cx = (b: BBox): number => (b[0] + b[2]) / 2;
export const cy = (b: BBox): number => (b[1] + b[3]) / 2;
export const bw = (b: BBox): number => b[2] - b[0];
export const bh = (b: BBox): number => b[3] - b[1];

// Small text is read far better by tesseract at twice the size; the boxes are scaled back.
const UPSCALE_BELOW = 1100;

export async function recogniseWords(png: Buffer, width: number, height: number, ocr: (png: Buffer) => Promise<PageText>): Promise<Word[]> {
  const scale = Math.max(width, height) < UPSCALE_BELOW ? 2 : 1;
  const input = scale === 1 ? png : await sharp(png).resize(width * scale, height * scale, { kernel: 'lanczos3' }).png({ compressionLevel: 1 }).toBuffer();
  const text = await ocr(input);
  const words: Word[] = [];
  for (const line of text.lines)
    for (const w of line.words) {
      const t = w.text.trim();
      // Tesseract reads stray marks (legend swatches, ticks) as punctuation; keep words with content.
      if (!/[\p{L}\p{N}]/u.test(t)) continue;
      if (w.confidence < 0.5) continue;
      words.push({ text: t, bbox: [w.bbox[0] / scale, w.bbox[1] / scale, w.bbox[2] / scale, w.bbox[3] / scale], confidence: w.confidence });
    }
  return words;
}

const MINUS = /^[-\u2212\u2012\u2013\u2014~]/;
const SI: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6, G: 1e9, B: 1e9, T: 1e12, m: 1e-3, µ: 1e-6, u: 1e-6 };

/** The number a label states: "1,200", "−5", "3.5%", "$12k", "1e+06", "10^3"; null otherwise. */
export function parseNumber(raw: string): { value: number; percent: boolean } | null {
  // Tick marks touching a label are read as a trailing dash or bar ("40-", "40|"), a pair of minor ticks as "=".
  let t = raw.trim().replace(/[()]/g, '').replace(/\s+/g, '').replace(/(?<=[\d%])[-\u2013\u2014_|~=]+$/, '');
  // A speck after a label reads as a full stop ("2."): a point with no digits after it states nothing.
  t = t.replace(/(?<=\d)\.$/, '');
  const negative = MINUS.test(t);
  if (negative) t = t.replace(MINUS, '');
  t = t.replace(/^[$€£¥+]/, '');
  const percent = t.endsWith('%');
  if (percent) t = t.slice(0, -1);
  let mult = 1;
  const suffix = t.slice(-1);
  if (t.length > 1 && suffix in SI && /\d/.test(t.slice(-2, -1))) {
    mult = SI[suffix]!;
    t = t.slice(0, -1);
  }
  let m = /^(\d+)\^(-?\d+)$/.exec(t);
  if (m) return { value: (negative ? -1 : 1) * Math.pow(Number(m[1]), Number(m[2])), percent };
  // OCR often reads "O" for zero inside numbers.
  if (/^[\dOo.,]+$/.test(t) && /\d/.test(t)) t = t.replace(/[Oo]/g, '0');
  // A comma before one or two digits is a decimal comma ("0,5"; grouping commas come before three).
  if (/^\d+,\d{1,2}$/.test(t)) t = t.replace(',', '.');
  m = /^(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?(?:[eE]([-+]?\d+))?$/.exec(t);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  const v = Number((m[1] ?? '0').replace(/,/g, '') + (m[2] ?? '') + (m[3] !== undefined ? `e${m[3]}` : '')) * mult;
  return Number.isFinite(v) ? { value: negative ? -v : v, percent } : null;
}

/**
 * Words into phrases: neighbours on one text line whose gap is under about a space and a half
 * (tick labels in a row are farther apart than the words of one label).
 */
export function phrases(words: Word[]): Phrase[] {
  const sorted = [...words].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const groups: Word[][] = [];
  for (const w of sorted) {
    const h = bh(w.bbox);
    const g = groups.find((ws) => {
      const last = ws[ws.length - 1]!;
      const lh = Math.max(h, bh(last.bbox));
      const overlap = Math.min(last.bbox[3], w.bbox[3]) - Math.max(last.bbox[1], w.bbox[1]);
      const gap = w.bbox[0] - last.bbox[2];
      return overlap > 0.5 * Math.min(h, bh(last.bbox)) && gap > -0.9 * bw(last.bbox) && gap < 0.9 * lh;
    });
    if (g) g.push(w);
    else groups.push([w]);
  }
  return groups.map(phraseOf);
}

/** One phrase of the given words, in their order: its text, box and the number it states. */
export function phraseOf(words: Word[]): Phrase {
  const text = words.map((w) => w.text).join(' ');
  const bbox: BBox = [Math.min(...words.map((w) => w.bbox[0])), Math.min(...words.map((w) => w.bbox[1])), Math.max(...words.map((w) => w.bbox[2])), Math.max(...words.map((w) => w.bbox[3]))];
  const num = parseNumber(text);
  return { text, bbox, words, value: num?.value ?? null, percent: num?.percent ?? false };
}

/**
 * Marks the pixels of every word (grown by two pixels: OCR boxes are tight and text edges are
 * anti-aliased) so that text is not taken for marks. In dark text, vivid pixels stay unmasked:
 * OCR often boxes a legend swatch together with the word beside it.
 */
export function textMask(words: Word[], width: number, height: number, rgb?: Uint8Array): Uint8Array {
  const mask = new Uint8Array(width * height);
  const spread = (i: number): number => (rgb ? Math.max(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!) - Math.min(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!) : 0);
  const darkPixel = (i: number): boolean => rgb !== undefined && Math.max(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!) < 110;
  for (const w of words) {
    const x0 = Math.max(0, Math.floor(w.bbox[0]) - 2), x1 = Math.min(width, Math.ceil(w.bbox[2]) + 2);
    const y0 = Math.max(0, Math.floor(w.bbox[1]) - 2), y1 = Math.min(height, Math.ceil(w.bbox[3]) + 2);
    let dark = 0, vivid = 0;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const i = y * width + x;
        if (spread(i) >= 60) vivid++;
        else if (darkPixel(i)) dark++;
      }
    const darkText = dark > 0.3 * vivid;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const i = y * width + x;
        if (!darkText || spread(i) < 60) mask[i] = 1;
      }
  }
  return mask;
}

/** Median text height, a length unit for "near" (legend gaps, label offsets). */
export function textHeight(ps: Phrase[]): number {
  const hs = ps.map((p) => bh(p.bbox)).sort((a, b) => a - b);
  return hs.length ? hs[Math.floor(hs.length / 2)]! : 10;
}

/**
 * OCR reads dashed or dotted coloured lines as words ("aeoeee"): a word whose ink is mostly a
 * vivid colour and that tesseract is unsure of, or that is a letter or two, is a drawing.
 * `darkShare`: dark ink, as a share of the colour, that makes it a word boxed with its swatch.
 */
export function dropDrawnWords(words: Word[], rgb: Uint8Array, width: number, background: [number, number, number], darkShare = 0.3): Word[] {
  const bgChroma = Math.max(...background) - Math.min(...background);
  return words.filter((w) => {
    let ink = 0, vivid = 0, dark = 0;
    for (let y = Math.max(0, Math.floor(w.bbox[1])); y < Math.ceil(w.bbox[3]); y++)
      for (let x = Math.max(0, Math.floor(w.bbox[0])); x < Math.min(width, Math.ceil(w.bbox[2])); x++) {
        const i = 3 * (y * width + x);
        const r = rgb[i], g = rgb[i + 1], b = rgb[i + 2];
        if (r === undefined || g === undefined || b === undefined) continue;
        const d = Math.hypot(r - background[0], g - background[1], b - background[2]);
        if (d < 60) continue;
        ink++;
        // Muted colours (a grey-blue ring) count too: a colour's blend with the background keeps
        // chroma in proportion to its distance from it, a grey's blend keeps none.
        const spread = Math.max(r, g, b) - Math.min(r, g, b);
        if (spread >= 60 || spread - bgChroma >= 0.2 * d) vivid++;
        else if (Math.max(r, g, b) < 110) dark++;
      }
    // Dark ink beside the colour is a word boxed together with its legend swatch: kept.
    return !(ink > 0 && vivid > 0.6 * ink && dark < darkShare * vivid && (w.confidence < 0.9 || w.text.length <= 2));
  });
}
