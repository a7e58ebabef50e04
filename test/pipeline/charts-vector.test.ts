// Charts drawn as vector graphics in PDFs built in the test (filled rectangles, polylines, circle
// markers, tick rules, the tick and category labels in the text layer), read from the drawing
// as processing reads a born-digital page: the values come back as printed, not within a pixel.
import { describe, expect, it } from 'vitest';
import { readVectorChart } from '../../src/pipeline/charts/vector/index.js';
import { snap } from '../../src/pipeline/charts/vector/scale.js';
import type { ChartExtraction } from '../../src/pipeline/charts/index.js';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import { buildPdf, helveticaWidth, line, textAt, textWithMatrix } from '../fixtures/pdf-builder.js';

const DPI = 150;
const PLOT = { x0: 100, x1: 460, y0: 300, y1: 600 };
const COLOURS: Array<[number, number, number]> = [
  [0.3, 0.47, 0.66],
  [0.89, 0.34, 0.34],
  [0.33, 0.63, 0.29],
];
const fill = (c: [number, number, number]): string => `${c.join(' ')} rg`;
const stroke = (c: [number, number, number]): string => `${c.join(' ')} RG`;
const rightText = (x: number, y: number, s: string): string => textAt(x - helveticaWidth(s, 9), y, 9, s);
const centreText = (x: number, y: number, s: string): string => textAt(x - helveticaWidth(s, 9) / 2, y, 9, s);

/** Value axis ticks, labels and gridlines: vertical (left) or horizontal (bottom), linear or log. */
function valueAxis(side: 'y' | 'x', ticks: number[], log = false, flush = false): { content: string; pos: (v: number) => number } {
  const f = (v: number): number => (log ? Math.log10(v) : v);
  const [lo, hi] = [f(ticks[0]!), f(ticks[ticks.length - 1]!)];
  const [p0, p1] = side === 'y' ? [PLOT.y0, PLOT.y1] : [PLOT.x0, PLOT.x1];
  const pos = (v: number): number => p0 + ((p1 - p0) * (f(v) - lo)) / (hi - lo);
  let c = '0.5 G ' + line(PLOT.x0, PLOT.y0, PLOT.x1, PLOT.y0, 0.8) + line(PLOT.x0, PLOT.y0, PLOT.x0, PLOT.y1, 0.8);
  ticks.forEach((t, i) => {
    const label = String(t);
    if (side === 'y') {
      c += line(PLOT.x0 - 4, pos(t), PLOT.x0, pos(t), 0.5) + '0.85 G ' + line(PLOT.x0, pos(t), PLOT.x1, pos(t), 0.3) + '0.5 G ';
      c += rightText(PLOT.x0 - 7, pos(t) - 3, label);
    } else {
      c += line(pos(t), PLOT.y0 - 4, pos(t), PLOT.y0, 0.5) + '0.85 G ' + line(pos(t), PLOT.y0, pos(t), PLOT.y1, 0.3) + '0.5 G ';
      // Flush: the end labels set inside the axis ends (Vega's labelFlush), not centred on their ticks.
      const at = !flush ? pos(t) - helveticaWidth(label, 9) / 2 : i === 0 ? pos(t) : i === ticks.length - 1 ? pos(t) - helveticaWidth(label, 9) : pos(t) - helveticaWidth(label, 9) / 2;
      c += textAt(at, PLOT.y0 - 14, 9, label);
    }
  });
  return { content: c + '0 G 0 g\n', pos };
}

function legend(names: string[], x: number, y: number): string {
  return names.map((n, i) => `${fill(COLOURS[i]!)} ${x} ${y - i * 14} 8 8 re f 0 g\n` + textAt(x + 12, y - i * 14, 9, n)).join('');
}

async function read(content: string): Promise<ChartExtraction | null> {
  const doc = await openPdf(buildPdf([{ content }]));
  try {
    const words = doc.text(1, DPI).lines.flatMap((l) => l.words);
    const { width, height } = doc.pageSize(1);
    return readVectorChart({ shapes: doc.shapes(1, DPI), words, x0: 0, y0: 0, width: (width * DPI) / 72, height: (height * DPI) / 72 });
  } finally {
    doc.close();
  }
}

const CATS = ['North', 'South', 'East', 'West'];

describe('vector charts read from the drawing', () => {
  it('reads vertical bars exactly, with their category labels and title', async () => {
    const values = [12.5, 17.25, 9.75, 21];
    const ax = valueAxis('y', [0, 5, 10, 15, 20, 25]);
    let c = textAt(PLOT.x0, PLOT.y1 + 20, 14, 'Sales by region') + ax.content;
    const step = (PLOT.x1 - PLOT.x0) / values.length;
    values.forEach((v, i) => {
      const bx = PLOT.x0 + i * step + step * 0.2;
      c += `${fill(COLOURS[0]!)} ${bx} ${PLOT.y0} ${step * 0.6} ${ax.pos(v) - PLOT.y0} re f 0 g\n` + centreText(bx + step * 0.3, PLOT.y0 - 14, CATS[i]!);
    });
    const chart = (await read(c))!;
    expect(chart.chart_type).toBe('bar');
    expect(chart.title).toBe('Sales by region');
    expect(chart.table.columns).toEqual(['category', 'value']);
    expect(chart.table.rows).toEqual(CATS.map((n, i) => [n, values[i]]));
    expect(chart.series[0]!.colour).toBe('#4d78a8');
    expect(chart.axes.y).toEqual({ label: null, scale: 'linear', min: 0, max: 25 });
    expect(chart.confidence).toBe(1);
  });

  it('reads bars exactly where ticks are rounded to whole points and the axis drawn half a point off (as Vega draws them)', async () => {
    const values = [12.3, 47.9, 33.3];
    const [y0, y1, max] = [300, 577, 50];
    const pos = (v: number): number => y0 + ((y1 - y0) * v) / max;
    let c = '0.5 G ' + line(PLOT.x0 + 0.5, pos(0) + 0.5, PLOT.x0 + 0.5, pos(max) + 0.5, 1);
    for (let v = 0; v <= max; v += 10) c += line(PLOT.x0 - 4.5, Math.round(pos(v)) + 0.5, PLOT.x0 + 0.5, Math.round(pos(v)) + 0.5, 1) + rightText(PLOT.x0 - 7, pos(v) - 3, String(v));
    values.forEach((v, i) => (c += `${fill(COLOURS[0]!)} ${PLOT.x0 + 20 + i * 80} ${y0} 50 ${pos(v) - y0} re f 0 g\n` + centreText(PLOT.x0 + 45 + i * 80, y0 - 14, CATS[i]!)));
    const chart = (await read(c + '0 G\n'))!;
    expect(chart.table.rows).toEqual(CATS.slice(0, 3).map((n, i) => [n, values[i]]));
  });

  it('reads horizontal bars, negative ones included, categories top to bottom, past a flush axis and a sideways title', async () => {
    const values = [340, -125.5, 80.25, 410];
    const ax = valueAxis('x', [-200, 0, 200, 400, 600], false, true);
    let c = ax.content + textWithMatrix([0, 1, -1, 0, 40, 400], 10, 'Region');
    const step = (PLOT.y1 - PLOT.y0) / values.length;
    values.forEach((v, i) => {
      const by = PLOT.y1 - (i + 1) * step + step * 0.25;
      const [a, b] = [ax.pos(0), ax.pos(v)];
      c += `${fill(COLOURS[1]!)} ${Math.min(a, b)} ${by} ${Math.abs(b - a)} ${step * 0.5} re f 0 g\n` + rightText(PLOT.x0 - 6, by + step * 0.25 - 3, CATS[i]!);
    });
    const chart = (await read(c))!;
    expect(chart.chart_type).toBe('horizontal_bar');
    expect(chart.table.rows).toEqual(CATS.map((n, i) => [n, values[i]]));
  });

  it('reads stacked bars per series with the legend names', async () => {
    const series = [
      [3.2, 4.1, 2.05, 5],
      [1.5, 2.25, 3.3, 0.75],
      [2, 1, 1.6, 2.4],
    ];
    const ax = valueAxis('y', [0, 2, 4, 6, 8, 10, 12]);
    let c = ax.content + legend(['Online', 'Stores', 'Export'], PLOT.x1 + 10, PLOT.y1 - 10);
    const step = (PLOT.x1 - PLOT.x0) / 4;
    CATS.forEach((n, i) => {
      const bx = PLOT.x0 + i * step + step * 0.2;
      let acc = 0;
      series.forEach((s, k) => {
        c += `${fill(COLOURS[k]!)} ${bx} ${ax.pos(acc)} ${step * 0.6} ${ax.pos(acc + s[i]!) - ax.pos(acc)} re f 0 g\n`;
        acc += s[i]!;
      });
      c += centreText(bx + step * 0.3, PLOT.y0 - 14, n);
    });
    const chart = (await read(c))!;
    expect(chart.chart_type).toBe('stacked_bar');
    expect(chart.bar_layout).toBe('stacked');
    expect(chart.table.columns).toEqual(['category', 'Online', 'Stores', 'Export']);
    expect(chart.table.rows).toEqual(CATS.map((n, i) => [n, ...series.map((s) => s[i]!)]));
  });

  it('reads grouped bars on a log axis', async () => {
    const series = [
      [12, 450, 3100],
      [85, 27.5, 9000],
    ];
    const ax = valueAxis('y', [1, 10, 100, 1000, 10000], true);
    let c = ax.content + legend(['2022', 'Budget'], PLOT.x1 + 10, PLOT.y1 - 10);
    const step = (PLOT.x1 - PLOT.x0) / 3;
    ['Q1', 'Q2', 'Q3'].forEach((n, i) => {
      series.forEach((s, k) => (c += `${fill(COLOURS[k]!)} ${PLOT.x0 + i * step + 20 + k * 30} ${PLOT.y0} 30 ${ax.pos(s[i]!) - PLOT.y0} re f 0 g\n`));
      c += centreText(PLOT.x0 + i * step + 50, PLOT.y0 - 14, n);
    });
    const chart = (await read(c))!;
    expect(chart.chart_type).toBe('grouped_bar');
    expect(chart.axes.y?.scale).toBe('log');
    // '2022' beside a swatch is a legend name because its swatch lines up with a named one's
    // (alone, a number right of a shape is a bar's value label).
    expect(chart.table.columns).toEqual(['category', '2022', 'Budget']);
    expect(chart.table.rows.map((r) => r.slice(1))).toEqual([0, 1, 2].map((i) => series.map((s) => s[i]!)));
  });

  it('reads a line chart at its vertices, one column per series', async () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];
    const series = [
      [1.25, 3.5, 2.75, 4.125, 6, 5.5],
      [0.5, 0.75, 1.5, 2.25, 2, 3.875],
    ];
    const ax = valueAxis('y', [0, 1, 2, 3, 4, 5, 6, 7]);
    let c = ax.content + legend(['Actual', 'Forecast'], PLOT.x1 + 10, PLOT.y1 - 10);
    const xs = months.map((_, i) => PLOT.x0 + 30 + i * 60);
    series.forEach((s, k) => {
      c += `${stroke(COLOURS[k]!)} 1.5 w ${xs[0]} ${ax.pos(s[0]!)} m ` + s.slice(1).map((v, i) => `${xs[i + 1]} ${ax.pos(v)} l`).join(' ') + ' S 0 G\n';
    });
    months.forEach((m, i) => (c += centreText(xs[i]!, PLOT.y0 - 14, m)));
    const chart = (await read(c))!;
    expect(chart.chart_type).toBe('line');
    expect(chart.table.columns).toEqual(['category', 'Actual', 'Forecast']);
    expect(chart.table.rows).toEqual(months.map((m, i) => [m, series[0]![i]!, series[1]![i]!]));
  });

  it('reads a scatter plot from its circle markers on two numeric axes', async () => {
    const points: Array<[number, number]> = [
      [1.5, 20],
      [2.25, 35.5],
      [4, 12.75],
      [6.5, 60],
      [8.75, 41],
    ];
    const ay = valueAxis('y', [0, 20, 40, 60, 80]);
    const ax = valueAxis('x', [0, 2, 4, 6, 8, 10]);
    let c = ay.content + ax.content + fill(COLOURS[2]!) + '\n';
    // A circle of radius 3 from four bezier quarters.
    const k = 3 * 0.5523;
    for (const [x, y] of points) {
      const [px, py] = [ax.pos(x), ay.pos(y)];
      c += `${px + 3} ${py} m ${px + 3} ${py + k} ${px + k} ${py + 3} ${px} ${py + 3} c ${px - k} ${py + 3} ${px - 3} ${py + k} ${px - 3} ${py} c ${px - 3} ${py - k} ${px - k} ${py - 3} ${px} ${py - 3} c ${px + k} ${py - 3} ${px + 3} ${py - k} ${px + 3} ${py} c f\n`;
    }
    const chart = (await read(c + '0 g\n'))!;
    expect(chart.chart_type).toBe('scatter');
    expect(chart.table.columns).toEqual(['x', 'y']);
    expect(chart.table.rows).toEqual(points);
  });

  it('reads a pie from its wedges round one centre, slices named by the legend', async () => {
    const shares = [62.5, 20.25, 17.25];
    const [cx, cy, r] = [250, 450, 100];
    let c = legend(['Retail', 'Online', 'Export'], 400, 500);
    let a = 0;
    shares.forEach((s, i) => {
      // Each wedge: the centre, then its arc in bezier pieces of at most a quarter turn, closed.
      const b = a + (s / 100) * 2 * Math.PI;
      const pt = (t: number): [number, number] => [cx + r * Math.sin(t), cy + r * Math.cos(t)];
      c += `${fill(COLOURS[i]!)} ${cx} ${cy} m ${pt(a).join(' ')} l `;
      const n = Math.ceil((b - a) / (Math.PI / 2));
      for (let k = 0; k < n; k++) {
        const [t0, t1] = [a + ((b - a) * k) / n, a + ((b - a) * (k + 1)) / n];
        // Control points pulled in, inside the circle (as pdf-lib writes wide arcs): only the ends are on it.
        const h = (2 / 3) * Math.tan((t1 - t0) / 4) * r;
        const [p0, p3] = [pt(t0), pt(t1)];
        c += `${p0[0] + h * Math.cos(t0)} ${p0[1] - h * Math.sin(t0)} ${p3[0] - h * Math.cos(t1)} ${p3[1] + h * Math.sin(t1)} ${p3.join(' ')} c `;
      }
      c += 'h f 0 g\n';
      a = b;
    });
    const chart = (await read(c))!;
    expect(chart.chart_type).toBe('pie');
    expect(chart.table.rows).toEqual([['Retail', 62.5], ['Online', 20.25], ['Export', 17.25]]);
  });

  it('gives up (null) on a drawing with no value axis', async () => {
    expect(await read(`${fill(COLOURS[0]!)} 100 100 50 80 re f 150 100 50 120 re f 0 g\n` + textAt(100, 80, 9, 'Not a chart'))).toBeNull();
  });

  it('prints a value to the shortest decimal within the drawing precision', () => {
    expect(snap(12.499993, 0.001)).toBe(12.5);
    expect(snap(12.48371, 0.00005)).toBe(12.4837);
    expect(snap(1234.46, 0.1)).toBe(1234.5);
    expect(snap(-0.0000001, 0.001)).toBe(0);
  });
});
