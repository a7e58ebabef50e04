// The generated charts the chart benchmarks time: seeds from `seed`, printed and scanned at
// 200 dpi when `scanned` (test/fixtures/chart-scan.ts), as the evals draw them.
import { generateChart } from '../test/fixtures/chart-image.js';
import { chartScan, chartScanLook } from '../test/fixtures/chart-scan.js';

export type BenchChart = Awaited<ReturnType<typeof generateChart>>;

/** `count` charts from `seed` on, scanned when asked. */
export function benchCharts(count: number, seed: number, scanned: boolean): Promise<BenchChart[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const c = await generateChart(seed + i);
      return scanned ? { ...c, ...(await chartScan(c.png, c.width, c.density, chartScanLook(seed + i), seed + i)) } : c;
    }),
  );
}
