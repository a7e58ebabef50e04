// CPU read from /proc for benchmarks that must tell this process's own work from its OCR
// children's (Linux only; a bench, never the service).
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) of this process's tesseract children, running or ended. */
export function tesseractCpu(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) !== process.pid || !stat.includes('(tesseract)')) continue;
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // ended meanwhile
    }
  }
  return ticks / 100;
}
