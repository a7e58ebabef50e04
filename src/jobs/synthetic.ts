// `synthetic`: a fan-out job kind with timed, optionally failing pages and no other work. It
// measures the engine itself (bench/jobs.ts) and drives its crash tests; it cannot be created
// through the HTTP API, only by `pagelens jobs synthetic` and tests.
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { FanOutKind, StepContext } from './kinds.js';

const SyntheticPayload = Type.Object({
  pages: Type.Integer({ minimum: 0, maximum: 100_000 }),
  page_ms: Type.Integer({ minimum: 0, maximum: 600_000, default: 0 }),
  fail_pages: Type.Array(Type.Integer({ minimum: 1 }), { default: [] }),
  fail_prepare: Type.Boolean({ default: false }),
});
type SyntheticPayloadT = Static<typeof SyntheticPayload>;

/** Sleeps in short slices, checking for a cancel between them like a real multi-step page. */
async function work(ctx: StepContext, ms: number): Promise<void> {
  let left = ms;
  while (left > 0) {
    const slice = Math.min(left, 50);
    await new Promise((resolve) => setTimeout(resolve, slice));
    left -= slice;
    await ctx.checkpoint();
  }
}

export const syntheticKind: FanOutKind<SyntheticPayloadT> = {
  name: 'synthetic',
  queue: 'cpu',
  mode: 'fanout',
  parse(payload) {
    const value = Value.Default(SyntheticPayload, structuredClone(payload));
    if (!Value.Check(SyntheticPayload, value)) throw new Error('invalid synthetic job payload');
    return value;
  },
  async prepare(_ctx, p) {
    if (p.fail_prepare) throw new Error('synthetic prepare failure');
    return { pages: p.pages };
  },
  async page(ctx, p, pageNumber) {
    await work(ctx, p.page_ms);
    if (p.fail_pages.includes(pageNumber)) throw new Error(`synthetic failure on page ${pageNumber}`);
    await ctx.commit(async () => undefined);
  },
  async finalize() {},
};
