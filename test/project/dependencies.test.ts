// package.json tells the truth: every runtime dependency is one the code loads, and `engines`
// names a Node.js that the code and every direct dependency run on.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface PackageJson {
  dependencies: Record<string, string>;
  engines?: { node?: string };
}

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|js)$/.test(name) ? [path] : [];
  });
}

/** Lowest version a range such as ">=20.9.0", "20.x || 22.x" or "^16 || >=20" admits, as [major, minor]. */
function floor(range: string): [number, number] {
  const versions = [...range.matchAll(/(\d+)(?:\.(\d+|x))?/g)].map((m): [number, number] => [Number(m[1]), m[2] === undefined || m[2] === 'x' ? 0 : Number(m[2])]);
  return versions.reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a));
}

const atLeast = (a: [number, number], b: [number, number]): boolean => a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);

describe('package.json', () => {
  it('lists only runtime dependencies that src/ imports or resolves', () => {
    const code = sources(join(root, 'src'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unused = Object.keys(pkg.dependencies).filter((name) => !new RegExp(`['"]${name.replace(/[./]/g, '\\$&')}(?:/[^'"]*)?['"]`).test(code));
    expect(unused).toEqual([]);
  });

  it('asks for a Node.js with AbortSignal.any (20.3) that every direct dependency accepts', () => {
    const ours = floor(pkg.engines?.node ?? '0');
    expect(atLeast(ours, [20, 3])).toBe(true);
    const tooLow = Object.keys(pkg.dependencies).flatMap((name) => {
      const dep = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as PackageJson;
      const needs = dep.engines?.node;
      return needs && !atLeast(ours, floor(needs)) ? [`${name} needs ${needs}`] : [];
    });
    expect(tooLow).toEqual([]);
  });
});
