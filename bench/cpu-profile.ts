// Reads V8 CPU profiles (node --cpu-prof) and adds up each function's self time by where its code
// lives: a package under node_modules, a folder of PageLens's own code, Node's internals, the
// garbage collector, native code or wasm. Only samples inside a time window count (the job's:
// V8 stamps samples with CLOCK_MONOTONIC, the clock of process.hrtime in every process). For
// bench/topologies.ts: where a topology's extra time goes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Microseconds on CLOCK_MONOTONIC, as V8 stamps profile samples. */
export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

export interface Window {
  from: number;
  to: number;
}

function isProfile(value: unknown): value is CpuProfile {
  return typeof value === 'object' && value !== null && 'nodes' in value && 'samples' in value && 'timeDeltas' in value && 'startTime' in value;
}

/** Where a function's code lives, as a short label. */
export function categoryOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('wasm://')) return '(wasm)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/dist\/(src\/)?([^/]+)\//.exec(url);
  if (own?.[2]) return `pagelens ${own[2]}`;
  if (/\/dist\/(src\/)?[^/]+\.js$/.test(url)) return 'pagelens (root)';
  return 'other';
}

export interface ProfileSummary {
  /** Milliseconds of self time per category. */
  categories: Map<string, number>;
  /** Milliseconds of self time per function ("category: name (file)"). */
  functions: Map<string, number>;
}

const add = (m: Map<string, number>, k: string, v: number): void => {
  m.set(k, (m.get(k) ?? 0) + v);
};

/** Self time inside each folder's window (window.json beside the profiles), over every profile. */
export function summarizeProfiles(dirs: string[]): ProfileSummary {
  const summary: ProfileSummary = { categories: new Map(), functions: new Map() };
  for (const dir of dirs) {
    let files: string[] = [];
    let window: Window = { from: 0, to: Number.POSITIVE_INFINITY };
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
      window = JSON.parse(readFileSync(path.join(dir, 'window.json'), 'utf8')) as Window;
    } catch {
      // no window recorded: the whole profile
    }
    for (const file of files) {
      const parsed: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      if (!isProfile(parsed)) continue;
      const nodes = new Map(parsed.nodes.map((n) => [n.id, n]));
      let at = parsed.startTime;
      parsed.samples.forEach((id, i) => {
        const delta = parsed.timeDeltas[i] ?? 0;
        at += delta;
        if (at < window.from || at > window.to) return;
        const node = nodes.get(id);
        const { url, functionName } = node?.callFrame ?? { url: '', functionName: '(unknown)' };
        const category = categoryOf(url, functionName);
        add(summary.categories, category, delta / 1000);
        add(summary.functions, `${category}: ${functionName || '(anonymous)'} (${path.basename(url) || '-'})`, delta / 1000);
      });
    }
  }
  return summary;
}

/** Markdown rows: the largest categories (ms per page, share of busy time), the rest in one row. */
export function profileTable(summary: ProfileSummary, pages: number, top = 12): string[] {
  const rows = [...summary.categories].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]);
  const busy = rows.reduce((a, [, v]) => a + v, 0);
  const line = (k: string, v: number): string => `| ${k} | ${(v / pages).toFixed(2)} | ${((v / busy) * 100).toFixed(1)} % |`;
  const rest = rows.slice(top).reduce((a, [, v]) => a + v, 0);
  return [
    '| where | ms per page | share of busy time |',
    '|---|---|---|',
    ...rows.slice(0, top).map(([k, v]) => line(k, v)),
    line(`${rows.length - Math.min(top, rows.length)} other places`, rest),
    `| busy in all | ${(busy / pages).toFixed(2)} | 100 % |`,
  ];
}

/** The functions with the most self time in these categories, ms per page. */
export function topFunctions(summary: ProfileSummary, pages: number, categories: string[], top = 10): string[] {
  return [...summary.functions]
    .filter(([k]) => categories.some((c) => k.startsWith(`${c}: `)))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `  ${(v / pages).toFixed(2)} ms/page  ${k}`);
}
