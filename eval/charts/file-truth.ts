// Charts on disk with a truth JSON beside each picture: the figures-dev charts (gnuplot) and the
// matplotlib and ggplot2 splits that eval/charts/mpl_charts.py and gg_charts.R draw into a cache
// folder at eval time.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { ChartType } from '../../src/pipeline/charts/index.js';
import type { ChartTruth } from '../../test/fixtures/chart-image.js';

/** The figures-dev truth format; the matplotlib generator adds the axis limits it drew. */
export interface FileTruth {
  kind: string;
  title: string | null;
  y_scale: 'linear' | 'log';
  categories: string[] | null;
  series: { name: string | null; values?: number[]; points?: [number, number][] }[];
  value_labels: boolean;
  /** The value axis' limits as drawn (matplotlib); absent on figures-dev. */
  value_domain?: [number, number];
  /** Scatter: the x axis' limits as drawn. */
  x_domain?: [number, number];
}

export interface FileCase {
  id: string;
  truth: ChartTruth;
  load: () => Promise<{ png: Buffer; width: number; height: number }>;
}

const KIND: Record<string, ChartType> = { bar: 'bar', grouped_bar: 'grouped_bar', stacked_bar: 'stacked_bar', hbar: 'horizontal_bar', line: 'line', scatter: 'scatter', pie: 'pie' };

/**
 * The truth the scorer takes. Where the file names the axis limits drawn they are the yardstick;
 * otherwise (figures-dev) the data's own range (with zero for bars) stands in, a stricter one.
 */
export function fileTruth(t: FileTruth): ChartTruth {
  const kind = KIND[t.kind] ?? 'bar';
  const series = t.series;
  let domain: [number, number] = [0, 100];
  let xDomain: [number, number] | undefined;
  if (kind === 'scatter') {
    const pts = series.flatMap((s) => s.points ?? []);
    domain = [Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[1]))];
    xDomain = t.x_domain ?? [Math.min(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[0]))];
  } else if (kind === 'stacked_bar') {
    const sums = (t.categories ?? []).map((_, i) => series.reduce((s, x) => s + (x.values?.[i] ?? 0), 0));
    domain = [0, Math.max(...sums)];
  } else if (kind !== 'pie') {
    const vs = series.flatMap((s) => s.values ?? []);
    domain = t.y_scale === 'log' ? [Math.min(...vs), Math.max(...vs)] : [Math.min(0, ...vs), Math.max(0, ...vs)];
  }
  if (t.value_domain && kind !== 'pie') domain = t.value_domain;
  return { kind, title: t.title, categories: t.categories, series, valueScale: t.y_scale, valueDomain: domain, xDomain, valueLabels: t.value_labels };
}

/** Every PNG/JPEG of `dir` (sorted by name) with its truth: `x.png` and `x-scan.jpg` both read `x.json`. */
export function fileCases(dir: string): FileCase[] {
  if (!dir || !existsSync(dir)) return [];
  const files = readdirSync(dir).filter((f) => /\.(png|jpg)$/.test(f)).sort();
  return files.map((f) => ({
    id: f,
    truth: fileTruth(JSON.parse(readFileSync(path.join(dir, f.replace(/(-scan)?\.(png|jpg)$/, '.json')), 'utf8')) as FileTruth),
    load: async () => {
      // The extractor is handed an opaque PNG: JPEG scans and RGBA pictures go in flattened on white.
      const png = await sharp(path.join(dir, f)).flatten({ background: '#ffffff' }).png().toBuffer();
      const meta = await sharp(png).metadata();
      return { png, width: meta.width, height: meta.height };
    },
  }));
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** A generator script beside this file's source, whether run from eval/ (tests) or dist-bench/eval/ (the eval). */
const script = (name: string): string => [path.join(here, name), path.resolve(here, '../../../eval/charts', name)].find((p) => existsSync(p)) ?? path.join(here, name);
export const MPL_SCRIPT = script('mpl_charts.py');
export const GG_SCRIPT = script('gg_charts.R');
const PYTHON = process.env.EVAL_PYTHON ?? '/usr/bin/python3';
const RSCRIPT = process.env.EVAL_RSCRIPT ?? '/usr/bin/Rscript';

/** Whether `program` runs `args` cleanly (a library check: the pyenv python on PATH lacks matplotlib). */
function runs(program: string, args: string[]): boolean {
  try {
    execFileSync(program, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether the Python with matplotlib is there (the system one). */
export const matplotlibAvailable = (): boolean => runs(PYTHON, ['-c', 'import matplotlib']);
/** Whether R with ggplot2 is there (Debian's r-cran-ggplot2). */
export const ggplotAvailable = (): boolean => runs(RSCRIPT, ['-e', 'library(ggplot2)']);

/**
 * Runs a generator for `count` charts from seed `first` on (only `kinds` where given) into a cache
 * folder keyed by the generator's own text, so an edited generator draws afresh; returns the folder.
 */
function drawCharts(program: string, generator: string, first: number, count: number, kinds?: Set<string>): string {
  const hash = createHash('sha1').update(readFileSync(generator)).digest('hex').slice(0, 10);
  const kindKey = kinds ? `-${[...kinds].sort().join('+')}` : '';
  const dir = path.join(os.tmpdir(), `pagelens-${path.basename(generator).replace(/_charts\..*$/, '')}-charts`, `${hash}-${first}-${count}${kindKey}`);
  mkdirSync(dir, { recursive: true });
  const genKinds = kinds ? [...kinds].map((k) => (k === 'horizontal_bar' ? 'hbar' : k)).join(',') : undefined;
  execFileSync(program, [generator, String(first), String(count), dir, ...(genKinds ? ['--kinds', genKinds] : [])], { stdio: ['ignore', 'ignore', 'inherit'] });
  return dir;
}

/** matplotlib's charts (eval/charts/mpl_charts.py); undefined where matplotlib is missing. `script` is for tests. */
export function drawMplCharts(first: number, count: number, kinds?: Set<string>, generator = MPL_SCRIPT): string | undefined {
  return matplotlibAvailable() ? drawCharts(PYTHON, generator, first, count, kinds) : undefined;
}

/** ggplot2's charts (eval/charts/gg_charts.R); undefined where R or ggplot2 is missing. */
export function drawGgCharts(first: number, count: number, kinds?: Set<string>): string | undefined {
  return ggplotAvailable() ? drawCharts(RSCRIPT, GG_SCRIPT, first, count, kinds) : undefined;
}
