// Issue 13cv: a grey slice (tab10's and ggplot's palettes have one) is a slice, not gridline or
// text grey (train-mpl4 3900056, train-mpl2 1900023 lost it to its neighbours where the legend's
// box was taken for the plot's frame, and greys outside the plot for stray glyphs); a legend of wide
// flat swatches (matplotlib's, two ems by 0.7) names slices whose names are numbers
// (train-mpl3 2900057: years).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { extractChart } from '../../../src/pipeline/charts/index.js';
import type { Word } from '../../../src/pipeline/types.js';

const W = 420, H = 300, C = [145, 145] as const, R = 105;

/** A pie drawn clockwise from 12 o'clock with a legend on the right: swatches 25 x 9, names beside. */
async function pie(shares: number[], colours: string[], names: string[]): Promise<{ png: Buffer; words: Word[] }> {
  let a = 0;
  const wedges = shares.map((s, i) => {
    const b = a + s * 2 * Math.PI;
    const p = (t: number): string => `${(C[0] + R * Math.sin(t)).toFixed(2)} ${(C[1] - R * Math.cos(t)).toFixed(2)}`;
    const d = `M ${C[0]} ${C[1]} L ${p(a)} A ${R} ${R} 0 ${b - a > Math.PI ? 1 : 0} 1 ${p(b)} Z`;
    a = b;
    return `<path d="${d}" fill="${colours[i]}"/>`;
  });
  // The legend's box is a frame the rules find (taken for the plot's frame, as matplotlib's is).
  const box = `<rect x="280.5" y="47.5" width="127" height="189" fill="#ffffff" stroke="#cccccc" stroke-width="1"/>`;
  const legend = names.map((_, i) => `<rect x="290" y="${60 + 21 * i}" width="25" height="9" fill="${colours[i]}"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#f0f0f0"/>${wedges.join('')}${box}${legend.join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const words = names.map((text, i): Word => ({ text, bbox: [325, 60 + 21 * i, 360, 69 + 21 * i], confidence: 0.95 }));
  return { png, words: [{ text: 'Energy', bbox: [110, 5, 180, 22], confidence: 0.95 }, ...words] };
}

describe('pie slices and legend', () => {
  it('reads a grey slice and names the slices from a legend of years', async () => {
    const shares = [0.19, 0.101, 0.069, 0.208, 0.181, 0.251];
    const colours = ['#008fd5', '#fc4f30', '#e5ae38', '#6d904f', '#7f7f7f', '#810f7c'];
    const names = ['2010', '2011', '2012', '2013', '2014', '2015'];
    const { png, words } = await pie(shares, colours, names);
    const got = await extractChart({ png, width: W, height: H, words });
    expect(got.chart_type).toBe('pie');
    const byName = new Map(got.table.rows.map((r) => [String(r[0]), Number(r[1])]));
    names.forEach((n, i) => expect(Math.abs((byName.get(n) ?? NaN) - 100 * shares[i]!), n).toBeLessThan(1.5));
  });

  it('reads a grey slice as a slice (legend of words)', async () => {
    const shares = [0.098, 0.122, 0.173, 0.17, 0.153, 0.045, 0.157, 0.082];
    const colours = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];
    const names = ['Gamma', 'Omega', 'Beta', 'Travel', 'Plums', 'Alpha', 'Ops', 'Summit'];
    const { png, words } = await pie(shares, colours, names);
    const got = await extractChart({ png, width: W, height: H, words });
    const byName = new Map(got.table.rows.map((r) => [String(r[0]), Number(r[1])]));
    names.forEach((n, i) => expect(Math.abs((byName.get(n) ?? NaN) - 100 * shares[i]!), n).toBeLessThan(1.5));
  });
});
