// A flowchart's line on which no head was found still runs with the flow. Such a bare line used
// to be ordered top-down, which is wrong in charts drawn left to right or bottom to top; the
// direction most of the figure's arrows take tells which way it runs.
import type { RawEdge } from './connectors.js';

/** Unit vector of the direction most directed edges take (down, up, right or left), if clear. */
export function mainFlow(raw: RawEdge[], centreOf: (node: number) => [number, number]): [number, number] | undefined {
  const votes = { down: 0, up: 0, right: 0, left: 0 };
  for (const e of raw) {
    if (!e.directed || e.alongFlow) continue;
    const [ax, ay] = centreOf(e.source);
    const [bx, by] = centreOf(e.target);
    const dx = bx - ax;
    const dy = by - ay;
    if (Math.abs(dy) >= Math.abs(dx)) votes[dy >= 0 ? 'down' : 'up']++;
    else votes[dx >= 0 ? 'right' : 'left']++;
  }
  const opposite = { down: 'up', up: 'down', right: 'left', left: 'right' } as const;
  const unit = { down: [0, 1], up: [0, -1], right: [1, 0], left: [-1, 0] } as const;
  const main = (Object.keys(votes) as (keyof typeof votes)[]).reduce((a, b) => (votes[b] > votes[a] ? b : a));
  // Clear: three arrows at least, and twice as many as go the opposite way.
  if (votes[main] < 3 || votes[main] < 2 * votes[opposite[main]]) return undefined;
  return [...unit[main]];
}

/**
 * Bare lines ordered along the figure's main flow (their ends as they were when it is unclear).
 * A short link read with a head at both ends first follows its neighbours: every step of a flow
 * is entered and left, so the way in which its source has another edge in and its target another
 * edge out is taken when the other way has fewer; otherwise the main flow, as for bare lines.
 */
export function orientBareLines(raw: RawEdge[], centreOf: (node: number) => [number, number]): RawEdge[] {
  const flow = mainFlow(raw, centreOf);
  if (!flow && !raw.some((e) => e.alongFlow)) return raw;
  const others = (e: RawEdge): RawEdge[] => raw.filter((o) => o !== e && o.directed && !o.alongFlow);
  return raw.map((e) => {
    if (e.directed && !e.alongFlow) return e;
    const flip = { ...e, source: e.target, target: e.source };
    if (e.alongFlow) {
      const rest = others(e);
      const fits = (s: number, t: number): number => (rest.some((o) => o.target === s) ? 1 : 0) + (rest.some((o) => o.source === t) ? 1 : 0);
      const [keep, turn] = [fits(e.source, e.target), fits(e.target, e.source)];
      if (keep !== turn) return keep > turn ? e : flip;
    }
    if (!flow) return e;
    const [ax, ay] = centreOf(e.source);
    const [bx, by] = centreOf(e.target);
    const along = (bx - ax) * flow[0] + (by - ay) * flow[1];
    return along < 0 ? flip : e;
  });
}
