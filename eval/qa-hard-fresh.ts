// Which training and held-out wordings of the harder question-answering set repeat each other
// (eval/qa-hard-set.ts): the fresh subsets train7, train8 and held4 are asked from, and a check
// that no earlier training list repeats a held-out wording.
import { FACT_NAMES, FACTS, HELD2, TABLE_COLUMNS } from './qa-hard-facts.js';
import { TRAIN2 } from './qa-hard-train2.js';
import { TRAIN3 } from './qa-hard-train3.js';
import { PAIRED, TRAIN4, TRAIN4B } from './qa-hard-train4.js';
import { HELD3 } from './qa-hard-held3.js';
import { HELD4, HELD4_TABLE } from './qa-hard-held4.js';
import { TRAIN5, TRAIN5B } from './qa-hard-train5.js';
import { TRAIN6, TRAIN6_CHECKS, TRAIN6_NEGATED, TRAIN6_UNSTATED, type Train6FactName } from './qa-hard-train6.js';
import { TRAIN7, TRAIN7_BARE, type Train7FactName } from './qa-hard-train7.js';
import { TRAIN8, type Train8FactName } from './qa-hard-train8.js';

/** Every held-out wording of any split (held-out, held2, held3, held4), normalised; a joiner also as a whole question. */
export function heldWordings(norm: (s: string) => string, asWhole: (j: string) => string): Set<string> {
  const name = 'Pump X-1';
  const held = new Set<string>();
  for (const f of FACT_NAMES) {
    for (const ask of [...FACTS[f].heldOut, ...HELD2[f].ask, ...HELD3[f].ask, ...HELD4[f].ask]) held.add(norm(ask(name)));
    for (const j of [...FACTS[f].joinHeldOut, ...HELD2[f].join, ...HELD3[f].join, ...HELD4[f].join]) {
      held.add(norm(j));
      held.add(asWhole(j));
    }
  }
  return held;
}

/** The train8 wordings that repeat no held-out wording (as freshTrain7; which ones is never printed). */
export function freshTrain8(): { wordings: typeof TRAIN8; dropped: number } {
  const name = 'Pump X-1';
  const norm = (s: string): string => s.toLowerCase().replace(/[?.]\s*$/, '').trim();
  const asWhole = (j: string): string => norm(j.replace(/\bit\b/, name));
  const held = heldWordings(norm, asWhole);
  let dropped = 0;
  const wordings = {} as typeof TRAIN8;
  for (const f of Object.keys(TRAIN8) as Train8FactName[]) {
    const ask = TRAIN8[f].ask.filter((a) => !held.has(norm(a(name))));
    const about = TRAIN8[f].about.filter((j) => !held.has(norm(j)) && !held.has(asWhole(j)));
    dropped += TRAIN8[f].ask.length - ask.length + TRAIN8[f].about.length - about.length;
    wordings[f] = { ask: ask.length ? ask : [(a: string) => `What is the ${TRAIN8[f].noun[0]!} of ${a}?`], about: about.length ? about : TRAIN8[f].noun.map((n) => `what is its ${n}`), noun: TRAIN8[f].noun };
  }
  return { wordings, dropped };
}

/**
 * The train7 wordings that repeat no held-out wording of any split (held-out, held2, held3, held4;
 * ignoring case and a final ? or ., a question about "it" also compared as a whole question about
 * the asset): train7 asks only these, so that tuning on it tunes on no held-out wording. Which
 * ones were left out is never printed (that would show held-out wordings); `dropped` counts them.
 */
export function freshTrain7(): { wordings: typeof TRAIN7; bare: typeof TRAIN7_BARE; dropped: number } {
  const name = 'Pump X-1';
  const norm = (s: string): string => s.toLowerCase().replace(/[?.]\s*$/, '').trim();
  const asWhole = (j: string): string => norm(j.replace(/\bit\b/, name));
  const held = heldWordings(norm, asWhole);
  let dropped = 0;
  const keep = <T>(list: T[], repeats: (x: T) => boolean): T[] => {
    const fresh = list.filter((x) => !repeats(x));
    dropped += list.length - fresh.length;
    return fresh;
  };
  const wordings = {} as typeof TRAIN7;
  for (const f of Object.keys(TRAIN7) as Train7FactName[]) {
    const about = keep(TRAIN7[f].about, (j) => held.has(norm(j)) || held.has(asWhole(j)));
    const ask = keep(TRAIN7[f].ask, (a) => held.has(norm(a(name))) || held.has(norm(`${a(name)}?`)));
    // A fact left with no wording of a kind borrows its noun phrase ("what is its <noun>").
    wordings[f] = { noun: TRAIN7[f].noun, about: about.length ? about : TRAIN7[f].noun.map((n) => `what is its ${n}`), ask: ask.length ? ask : [(a: string) => `What is the ${TRAIN7[f].noun[0]!} of ${a}`] };
  }
  const bare = keep(TRAIN7_BARE, (b) => held.has(norm(b.ask(name))));
  return { wordings, bare, dropped };
}

/** The second- to sixth-training wordings (for one asset name) that repeat a held-out, held2 or held3 wording. */
export function trainRepeats(): string[] {
  const name = 'Pump X-1';
  const held = new Set<string>();
  for (const f of FACT_NAMES) {
    for (const ask of [...FACTS[f].heldOut, ...HELD2[f].ask, ...HELD3[f].ask]) held.add(ask(name).toLowerCase());
    for (const j of [...FACTS[f].joinHeldOut, ...HELD2[f].join, ...HELD3[f].join]) held.add(j.toLowerCase());
  }
  const out: string[] = [];
  for (const f of FACT_NAMES) {
    for (const set of [TRAIN2, TRAIN3, TRAIN4, TRAIN4B, TRAIN5, TRAIN6 as Partial<typeof TRAIN5>]) {
      if (set[f] === undefined) continue;
      for (const ask of set[f].ask) if (held.has(ask(name).toLowerCase())) out.push(ask(name));
      for (const j of set[f].join) if (held.has(j.toLowerCase())) out.push(j);
    }
  }
  for (const f of FACT_NAMES) for (const ask of TRAIN5B[f] ?? []) if (held.has(ask(name).toLowerCase())) out.push(ask(name));
  for (const ask of [...TRAIN6_NEGATED, ...TRAIN6_UNSTATED]) if (held.has(ask(name).toLowerCase())) out.push(ask(name));
  for (const f of ['year', 'installer', 'engineer'] as const) for (const ask of TRAIN6_CHECKS[f]) if (held.has(ask(name, 'X').toLowerCase())) out.push(ask(name, 'X'));
  for (const p of PAIRED) if (held.has(p.ask(name).toLowerCase())) out.push(p.ask(name));
  // A held joiner asked as a whole question about the asset ("what does it weigh" ~ "What does Pump X-1 weigh?").
  const asWhole = (j: string): string => `${j.replace(/\bit\b/, name)}?`.toLowerCase();
  const heldJoins = new Set(FACT_NAMES.flatMap((f) => [...FACTS[f].joinHeldOut, ...HELD2[f].join, ...HELD3[f].join].map(asWhole)));
  for (const f of FACT_NAMES) for (const ask of [...TRAIN4[f].ask, ...TRAIN4B[f].ask, ...TRAIN5[f].ask, ...(TRAIN5B[f] ?? []), ...((TRAIN6 as Partial<typeof TRAIN5>)[f]?.ask ?? [])]) if (heldJoins.has(ask(name).toLowerCase())) out.push(ask(name));
  return out;
}

/**
 * The held4 wordings that repeat no verbatim or training wording, ignoring case and a final ? or .
 * (a joiner also repeats when, asked as a whole question about the asset, it is a training
 * question, or the other way round). held4 questions are drawn only from these, so the split
 * measures wordings the engine was never tuned on; `dropped` is how many were left out. Which
 * ones is never printed: that would show training wordings to whoever reads held4.
 */
type Held4Fact = keyof typeof HELD4;

export function freshHeld4(): { ask: Record<Held4Fact, Array<(a: string) => string>>; join: Record<Held4Fact, string[]>; table: Record<string, Array<(a: string) => string>>; dropped: number } {
  const name = 'Pump X-1';
  const norm = (s: string): string => s.toLowerCase().replace(/[?.]\s*$/, '').trim();
  const asWhole = (j: string): string => norm(j.replace(/\bit\b/, name));
  const trainAsks = new Set<string>();
  const trainJoins = new Set<string>();
  for (const f of FACT_NAMES) {
    const sets = [TRAIN2, TRAIN3, TRAIN4, TRAIN4B, TRAIN5];
    for (const ask of [...FACTS[f].forms.map((x) => x.ask), ...FACTS[f].train, ...sets.flatMap((set) => set[f].ask), ...(TRAIN5B[f] ?? [])]) trainAsks.add(norm(ask(name)));
    for (const j of [...FACTS[f].joinTrain, ...sets.flatMap((set) => set[f].join)]) trainJoins.add(norm(j));
  }
  for (const f of Object.keys(TRAIN6) as Train6FactName[]) {
    for (const ask of TRAIN6[f].ask) trainAsks.add(norm(ask(name)));
    for (const j of TRAIN6[f].join) trainJoins.add(norm(j));
  }
  for (const ask of [...TRAIN6_NEGATED, ...TRAIN6_UNSTATED]) trainAsks.add(norm(ask(name)));
  for (const p of PAIRED) trainAsks.add(norm(p.ask(name)));
  for (const c of TABLE_COLUMNS) for (const ask of [c.verbatim, c.train]) trainAsks.add(norm(ask(name)));
  const trainJoinsWhole = new Set([...trainJoins].map(asWhole));
  let dropped = 0;
  // Keeps the fresh ones; a list that would be emptied keeps its first wording (counted as dropped anyway).
  const keep = <T>(list: T[], repeats: (x: T) => boolean): T[] => {
    const fresh = list.filter((x) => !repeats(x));
    dropped += list.length - fresh.length;
    return fresh.length > 0 ? fresh : list.slice(0, 1);
  };
  const askRepeats = (ask: (a: string) => string): boolean => trainAsks.has(norm(ask(name))) || trainJoinsWhole.has(norm(ask(name)));
  const ask = {} as Record<Held4Fact, Array<(a: string) => string>>;
  const join = {} as Record<Held4Fact, string[]>;
  for (const f of FACT_NAMES) {
    ask[f] = keep(HELD4[f].ask, askRepeats);
    join[f] = keep(HELD4[f].join, (j) => trainJoins.has(norm(j)) || trainAsks.has(asWhole(j)));
  }
  const table: Record<string, Array<(a: string) => string>> = {};
  for (const [header, asks] of Object.entries(HELD4_TABLE)) table[header] = keep(asks, (a) => trainAsks.has(norm(a(name))));
  return { ask, join, table, dropped };
}
