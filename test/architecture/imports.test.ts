// The layer map of docs/architecture.md, held by the code: no import cycles, the pure pipeline and
// the blob store import nothing of the project outside themselves, the job engine knows no job
// kind, routes live in the folder their path names and do not query the database, and each table
// of the schema is queried by its owner only.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

const files = sourceFiles(SRC);
const text = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
const rel = (f: string): string => path.relative(SRC, f).split(path.sep).join('/');

// Static and dynamic relative imports, type-only ones included: a type cycle is still a cycle
// a reader has to untangle.
const IMPORT = /(?:^\s*(?:import|export)\s[^'";]*?from\s*|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/gm;

function importsOf(file: string): string[] {
  const out: string[] = [];
  for (const m of text.get(file)!.matchAll(IMPORT)) out.push(path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts')));
  return out;
}

const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => text.has(t))]));

/** Strongly connected components with more than one file (Tarjan). */
function cycles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(rel(w));
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}

/** Imports of files under `folder` that leave it, except to `allowed` folders or files. */
function escapes(folder: string, allowed: string[] = []): string[] {
  const out: string[] = [];
  for (const [f, deps] of graph) {
    if (!rel(f).startsWith(`${folder}/`)) continue;
    for (const d of deps) {
      const r = rel(d);
      if (r.startsWith(`${folder}/`) || allowed.some((a) => r === a || r.startsWith(`${a}/`))) continue;
      out.push(`${rel(f)} -> ${r}`);
    }
  }
  return out;
}

/** Where each top-level API path segment's routes live (docs/architecture.md, "Routes"). */
export const ROUTE_FOLDERS: Record<string, string> = {
  documents: 'documents',
  components: 'components',
  'job-statuses': 'jobs',
  'queue-status': 'jobs',
  threads: 'qa',
  questions: 'qa',
  folders: 'folders',
  'knowledge-bases': 'knowledge-bases',
  'retention-policies': 'retention',
};

const routeFiles = files.filter((f) => /(^|-)routes\.ts$/.test(path.basename(f)));

describe('architecture', () => {
  it('has no import cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('keeps src/pipeline pure: it imports nothing of the project outside src/pipeline', () => {
    expect(files.filter((f) => rel(f).startsWith('pipeline/')).length).toBeGreaterThan(30);
    expect(escapes('pipeline')).toEqual([]);
  });

  it('keeps src/storage a leaf', () => {
    expect(escapes('storage')).toEqual([]);
  });

  it('keeps job kinds out of src/jobs: it knows the queue, the engine and the Kind interface', () => {
    // Its HTTP side (routes.ts) is composition like every route file; the engine is not.
    const engine = escapes('jobs', ['db', 'util.ts', 'http', 'auth', 'config.ts', 'config-error.ts', 'documents/access.ts']);
    expect(engine.filter((e) => !e.startsWith('jobs/routes.ts'))).toEqual([]);
  });

  it('finds every route from its path: /api/v0/<segment> lives in the folder the segment names', () => {
    const misplaced: string[] = [];
    const unknown: string[] = [];
    for (const f of files) {
      for (const m of text.get(f)!.matchAll(/['"`]\/api\/v0\/([a-z-]+)/g)) {
        const folder = ROUTE_FOLDERS[m[1]!];
        const isRouteFile = routeFiles.includes(f);
        if (!isRouteFile) continue;
        if (!folder) unknown.push(`${rel(f)}: /api/v0/${m[1]}`);
        else if (!rel(f).startsWith(`${folder}/`)) misplaced.push(`${rel(f)}: /api/v0/${m[1]} belongs in src/${folder}/`);
      }
    }
    expect(unknown).toEqual([]);
    expect(misplaced).toEqual([]);
  });

  it('registers each folder’s routes from its routes.ts only', () => {
    const outside: string[] = [];
    for (const f of routeFiles) {
      for (const d of graph.get(f) ?? []) {
        if (routeFiles.includes(d) && path.dirname(d) !== path.dirname(f)) outside.push(`${rel(f)} -> ${rel(d)}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('keeps queries out of route files', () => {
    const querying = routeFiles.filter((f) => /\.(selectFrom|insertInto|updateTable|deleteFrom)\(/.test(text.get(f)!)).map(rel);
    expect(querying).toEqual([]);
  });

  it('queries job_statuses in one module', () => {
    const users = files
      .filter((f) => !rel(f).startsWith('db/'))
      .filter((f) => /\(\s*['"]job_statuses(\s+as\s+\w+)?['"]/.test(text.get(f)!))
      .map(rel);
    expect(users).toEqual(['jobs/repository.ts']);
  });
});
