#!/usr/bin/env node
// The npm registry mirror this project installs from carries only the Linux builds of packages
// that ship per-platform binaries as optional dependencies. `npm install` then leaves the other
// platforms out of package-lock.json, and `npm ci` refuses a lock that misses them. This adds
// lock entries for those missing optional packages, marked with the platform their name says,
// so `npm ci` accepts the lock and skips them here. Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'win32', 'linux', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'android', 'aix', 'wasm32'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p.replace(/musl$/, '')))?.replace(/musl$/, '');
  const cpu = [...parts].reverse().find((p) => CPU.includes(p));
  return os && cpu ? { os: [os], cpu: [cpu] } : null;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? 'node_modules' : `${path}/node_modules`;
    const candidates = [`${base}/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[`node_modules/${dep}`] = { version: range.replace(/^[\^~]/, ''), optional: true, ...platform };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: added ${added} optional platform entr${added === 1 ? 'y' : 'ies'}`);
