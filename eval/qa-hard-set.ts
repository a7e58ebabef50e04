// A harder question-answering set (issue 15): technical files about plant assets (pumps, boilers,
// compressors...) of 3-10 pages, each asset with a random subset of typed facts (year, date,
// interval, quantity, rate, money, percentage, person, organisation, place, yes/no) written in one
// of several document phrasings, distractor facts about similar assets of other sites on the same
// pages, and a maintenance table. Questions: verbatim (worded like the document), paraphrased (the
// way people ask), two-part, table cells and absent facts. Documents split into train (2 of 3) and
// held-out (every 3rd); held-out paraphrases and two-part joiners come from their own template
// lists, written before any tuning and never used to tune. Deterministic for a seed.
import { buildPdf, textAt, type PageSpec } from '../test/fixtures/pdf-builder.js';
import { FACT_NAMES, FACTS, FILLER, HELD2, KINDS, Pick, rng, TABLE_COLUMNS, type FactName } from './qa-hard-facts.js';
import { freshHeld4, freshTrain7, freshTrain8 } from './qa-hard-fresh.js';
import { TRAIN2 } from './qa-hard-train2.js';
import { TRAIN3 } from './qa-hard-train3.js';
import { JOIN_SHAPES, PAIRED, THREE_PART_SHAPES, TRAIN4, TRAIN4B, TWO_PART_SHAPES } from './qa-hard-train4.js';
import { HELD3 } from './qa-hard-held3.js';
import { HELD4_THREE, HELD4_TWO } from './qa-hard-held4.js';
import { TRAIN5, TRAIN5B } from './qa-hard-train5.js';
import { TRAIN6, TRAIN6_CHECKS, TRAIN6_NEGATED, TRAIN6_UNSTATED, type Train6FactName } from './qa-hard-train6.js';
import { TRAIN7_MANY, TRAIN7_TWO, type Train7FactName } from './qa-hard-train7.js';
import { TRAIN8_NEIGHBOURS, TRAIN8_TWO, type Train8FactName } from './qa-hard-train8.js';

export type HardCategory = 'verbatim' | 'paraphrased' | 'two-part' | 'three-part' | 'table' | 'absent';
export type AnswerType = 'year' | 'date' | 'duration' | 'quantity' | 'rate' | 'money' | 'percentage' | 'person' | 'organisation' | 'place' | 'yes/no';

export interface HardItem {
  question: string;
  /** Gold answers (two for a two-part question, three for three-part); empty: absent from the documents. */
  answers: string[];
  category: HardCategory;
  type: AnswerType | 'two-part' | 'three-part' | 'absent';
  split: 'train' | 'held-out' | 'held2' | 'held3' | 'held4' | 'docs5' | 'docs6' | 'train2' | 'train3' | 'train4' | 'train4b' | 'train5' | 'train5b' | 'train6' | 'train7' | 'docs7' | 'train8' | 'docs8' | 'docs9' | 'docs10' | 'docs11';
  doc: number;
  /** Page (1-based) of each answer. */
  pages: number[];
}

export interface HardDocument {
  name: string;
  pages: PageSpec[];
}

export { freshHeld4, freshTrain7, freshTrain8, trainRepeats } from './qa-hard-fresh.js';

export interface Asset {
  name: string;
  facts: Map<FactName, { value: string; form: number }>;
}

const LINE_GAP = 15;
const TOP = 740;
const BOTTOM = 80;

/** Lays out lines top to bottom, starting a new page when one is full. */
class Pages {
  readonly pages: string[][] = [[]];
  private y = TOP;
  add(text: string, size = 10): number {
    if (this.y < BOTTOM) this.newPage();
    this.pages.at(-1)!.push(textAt(72, this.y, size, text));
    this.y -= size > 10 ? LINE_GAP + 6 : LINE_GAP;
    return this.pages.length;
  }
  newPage(): void {
    this.pages.push([]);
    this.y = TOP;
  }
  room(): number {
    return Math.floor((this.y - BOTTOM) / LINE_GAP);
  }
  /** A table: header row and one row per asset in five columns; returns the page. */
  table(caption: string, headers: string[], rows: string[][]): number {
    if (this.room() < rows.length + 4) this.newPage();
    const page = this.add(caption, 11);
    const xs = [72, 190, 290, 390, 480];
    headers.forEach((h, i) => this.pages.at(-1)!.push(textAt(xs[i]!, this.y, 9, h)));
    this.y -= 18;
    for (const r of rows) {
      r.forEach((v, i) => this.pages.at(-1)!.push(textAt(xs[i]!, this.y, 9, v)));
      this.y -= 16;
    }
    this.y -= 10;
    return page;
  }
}


/** One generated file's assets and the page each asset's fact is stated on ("name|fact"). */
export interface HardFile {
  d: number;
  assets: Asset[];
  where: Map<string, number>;
}

export function generateHardQaSet(documents: number, seed = 15): { docs: HardDocument[]; items: HardItem[]; files: HardFile[] } {
  const p = new Pick(rng(seed));
  const heldDocs: Array<{ d: number; assets: Asset[]; where: Map<string, number>; table: { page: number; values: string[][] } }> = [];
  const trainDocs: Array<{ d: number; assets: Asset[]; where: Map<string, number>; table: { page: number; values: string[][] } }> = [];
  const docs: HardDocument[] = [];
  const items: HardItem[] = [];
  const usedTags = new Set<string>();
  const tag = (): string =>
    p.unique(() => {
      const t = `${p.one(KINDS)} ${String.fromCharCode(65 + p.int(0, 11))}-${p.int(2, 99)}`;
      usedTags.add(t);
      return t;
    });
  for (let d = 0; d < documents; d++) {
    const split = d % 3 === 2 ? 'held-out' : 'train';
    const site = p.word();
    const assets: Asset[] = [];
    for (let i = 0, n = p.int(3, 7); i < n; i++) {
      const facts = new Map<FactName, { value: string; form: number }>();
      for (const f of p.shuffle(FACT_NAMES).slice(0, p.int(6, 9))) facts.set(f, { value: FACTS[f].value(p), form: p.int(0, 1) });
      assets.push({ name: tag(), facts });
    }
    const out = new Pages();
    out.add(`Technical file: ${site} plant`, 14);
    out.add(`This file describes ${assets.length} assets of the ${site} plant and their maintenance.`);
    for (const f of p.shuffle(FILLER).slice(0, 3)) out.add(f);
    const where = new Map<string, number>();
    for (const a of assets) {
      if (out.room() < 14 || p.r() < 0.35) out.newPage();
      out.add(a.name, 12);
      const lines: Array<{ key: FactName | null; text: string }> = [...a.facts].map(([f, v]) => ({ key: f, text: FACTS[f].forms[v.form]!.doc(a.name, v.value) }));
      // Distractors: the same kinds of fact about a similar asset of another site.
      for (let k = 0; k < 2; k++) {
        const f = p.one(FACT_NAMES);
        const other = `${a.name.split(' ')[0]!} ${String.fromCharCode(65 + p.int(0, 11))}-${p.int(2, 99)}`;
        if (assets.some((x) => x.name === other) || usedTags.has(other)) continue;
        lines.push({ key: null, text: `For comparison, ${FACTS[f].forms[p.int(0, 1)]!.doc(`${other} at the ${p.word()} plant`, FACTS[f].value(p)).replace(/^./, (c) => c.toLowerCase())}` });
      }
      for (const l of p.shuffle(lines)) {
        if (p.r() < 0.3) out.add(p.one(FILLER));
        const page = out.add(l.text);
        if (l.key) where.set(`${a.name}|${l.key}`, page);
      }
    }
    const tableValues = assets.map(() => TABLE_COLUMNS.map((c) => c.value(p)));
    const tablePage = out.table(`Table ${d + 1}: Maintenance figures of the ${site} plant`, ['Asset', ...TABLE_COLUMNS.map((c) => c.header)], assets.map((a, i) => [a.name, ...tableValues[i]!]));
    for (const f of p.shuffle(FILLER).slice(0, 2)) out.add(f);
    while (out.pages.length < 3) {
      out.newPage();
      for (const f of FILLER.slice(0, 4)) out.add(f);
    }
    if (out.pages.length > 10) throw new Error(`document ${d} has ${out.pages.length} pages`);
    docs.push({ name: `${site} technical file.pdf`, pages: out.pages.map((c) => ({ content: c.join('') })) });
    const table = { page: tablePage, values: tableValues };
    if (split === 'held-out') heldDocs.push({ d, assets, where, table });
    else trainDocs.push({ d, assets, where, table });

    // Questions.
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split, doc: d, pages });
    for (const a of assets) {
      const facts = [...a.facts];
      for (const [f, v] of p.shuffle(facts).slice(0, 2)) ask(FACTS[f].forms[v.form]!.ask(a.name), [v.value], 'verbatim', FACTS[f].type, [where.get(`${a.name}|${f}`)!]);
      for (const [f, v] of p.shuffle(facts).slice(0, 2)) {
        const spec = FACTS[f];
        ask(p.one(split === 'train' ? spec.train : spec.heldOut)(a.name), [v.value], 'paraphrased', spec.type, [where.get(`${a.name}|${f}`)!]);
      }
      // Two-part: a paraphrase of one fact and the short form of another.
      const pair = p.shuffle(facts.filter(([f]) => f !== 'standby')).slice(0, 2);
      const [one, two] = pair;
      if (one && two && p.r() < 0.7) {
        const [f1, v1] = one;
        const [f2, v2] = two;
        const first = p.one(split === 'train' ? FACTS[f1].train : FACTS[f1].heldOut)(a.name).replace(/\?$/, '');
        const joins = split === 'train' ? FACTS[f2].joinTrain : FACTS[f2].joinHeldOut;
        ask(`${first}, and ${p.one(joins)}?`, [v1.value, v2.value], 'two-part', 'two-part', [where.get(`${a.name}|${f1}`)!, where.get(`${a.name}|${f2}`)!]);
      }
      // Absent: a fact this file does not state about this asset.
      const missing = FACT_NAMES.filter((f) => !a.facts.has(f));
      if (missing.length && p.r() < 0.6) {
        const f = p.one(missing);
        const spec = FACTS[f];
        const q = p.r() < 0.5 ? spec.forms[p.int(0, 1)]!.ask(a.name) : p.one(split === 'train' ? spec.train : spec.heldOut)(a.name);
        ask(q, [], 'absent', 'absent', []);
      }
    }
    // Table cells.
    for (let k = 0; k < 3; k++) {
      const i = p.int(0, assets.length - 1);
      const c = p.int(0, TABLE_COLUMNS.length - 1);
      const col = TABLE_COLUMNS[c]!;
      const q = k === 0 ? col.verbatim(assets[i]!.name) : split === 'train' ? col.train(assets[i]!.name) : col.heldOut(assets[i]!.name);
      ask(q, [tableValues[i]![c]!], 'table', 'quantity', [tablePage]);
    }
    // Absent: an asset of a kind and number no file describes.
    const ghost = p.unique(() => `${p.one(KINDS)} ${String.fromCharCode(65 + p.int(0, 11))}-${p.int(100, 999)}`);
    const f = p.one(FACT_NAMES);
    ask(FACTS[f].forms[0]!.ask(ghost), [], 'absent', 'absent', []);
  }
  // The second held-out wordings, on the held-out documents, from their own random stream.
  const q = new Pick(rng(seed + 0x5eed2));
  for (const { d, assets, where } of heldDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'held2', doc: d, pages });
    for (const a of assets) {
      const facts = [...a.facts];
      for (const [f, v] of q.shuffle(facts).slice(0, 2)) ask(q.one(HELD2[f].ask)(a.name), [v.value], 'paraphrased', FACTS[f].type, [where.get(`${a.name}|${f}`)!]);
      const [one, two] = q.shuffle(facts.filter(([f]) => f !== 'standby')).slice(0, 2);
      if (one && two && q.r() < 0.7) {
        const first = q.one(HELD2[one[0]].ask)(a.name).replace(/\?$/, '');
        ask(`${first}, and ${q.one(HELD2[two[0]].join)}?`, [one[1].value, two[1].value], 'two-part', 'two-part', [where.get(`${a.name}|${one[0]}`)!, where.get(`${a.name}|${two[0]}`)!]);
      }
    }
  }
  // The second and third training wordings on the training documents, and the third held-out
  // wordings on the held-out documents, each from its own random stream.
  for (const [split, wordings, salt, on] of [['train2', TRAIN2, 0x7a2, trainDocs], ['train3', TRAIN3, 0x7a3, trainDocs], ['held3', HELD3, 0x4e3, heldDocs]] as const) {
    const t = new Pick(rng(seed + salt));
    for (const { d, assets, where } of on) {
      const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
        items.push({ question, answers, category, type, split, doc: d, pages });
      for (const a of assets) {
        const facts = [...a.facts];
        for (const [f, v] of t.shuffle(facts).slice(0, 2)) ask(t.one(wordings[f].ask)(a.name), [v.value], 'paraphrased', FACTS[f].type, [where.get(`${a.name}|${f}`)!]);
        const [one, two] = t.shuffle(facts.filter(([f]) => f !== 'standby')).slice(0, 2);
        if (one && two && t.r() < 0.7) {
          const first = t.one(wordings[one[0]].ask)(a.name).replace(/[?.]$/, '');
          ask(`${first}, and ${t.one(wordings[two[0]].join)}?`, [one[1].value, two[1].value], 'two-part', 'two-part', [where.get(`${a.name}|${one[0]}`)!, where.get(`${a.name}|${two[0]}`)!]);
        }
      }
    }
  }
  // The fourth training wordings (multi-part questions), on the training documents, own stream.
  const t4 = new Pick(rng(seed + 0x7a4));
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'train4', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = [...a.facts];
      for (const [f, v] of t4.shuffle(facts).slice(0, 1)) ask(t4.one(TRAIN4[f].ask)(a.name), [v.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const parts = t4.shuffle(facts.filter(([f]) => f !== 'standby'));
      const [one, two, three] = parts;
      if (!one || !two) continue;
      const q1 = t4.one(TRAIN4[one[0]].ask)(a.name).replace(/[?.]$/, '');
      const shape = t4.one(TWO_PART_SHAPES);
      ask(shape(q1, t4.one(TRAIN4[two[0]].join), a.name, t4.one(TRAIN4[one[0]].noun), t4.one(TRAIN4[two[0]].noun)), [one[1].value, two[1].value], 'two-part', 'two-part', [page(one[0]), page(two[0])]);
      const paired = PAIRED.filter((p) => p.facts.every((f) => a.facts.has(f)));
      if (paired.length && t4.r() < 0.6) {
        const p = t4.one(paired);
        ask(p.ask(a.name), p.facts.map((f) => a.facts.get(f)!.value), 'two-part', 'two-part', p.facts.map(page));
      }
      if (three && t4.r() < 0.3) {
        const shape3 = t4.one(THREE_PART_SHAPES);
        const nouns: [string, string, string] = [t4.one(TRAIN4[one[0]].noun), t4.one(TRAIN4[two[0]].noun), t4.one(TRAIN4[three[0]].noun)];
        ask(shape3(q1, t4.one(TRAIN4[two[0]].join), t4.one(TRAIN4[three[0]].join), a.name, nouns), [one[1].value, two[1].value, three[1].value], 'three-part', 'three-part', [page(one[0]), page(two[0]), page(three[0])]);
      }
    }
  }
  // The second batch of the fourth training wordings, on the training documents, own stream.
  const t4b = new Pick(rng(seed + 0x7a5));
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'train4b', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = [...a.facts];
      for (const [f, v] of t4b.shuffle(facts).slice(0, 1)) ask(t4b.one(TRAIN4B[f].ask)(a.name), [v.value], 'paraphrased', FACTS[f].type, [page(f)]);
      for (let k = 0; k < 2; k++) {
        const [one, two] = t4b.shuffle(facts.filter(([f]) => f !== 'standby'));
        if (!one || !two) continue;
        const q1 = t4b.one(TRAIN4B[one[0]].ask)(a.name).replace(/[?.]$/, '');
        ask(t4b.one(JOIN_SHAPES)(q1, t4b.one(TRAIN4B[two[0]].join)), [one[1].value, two[1].value], 'two-part', 'two-part', [page(one[0]), page(two[0])]);
      }
    }
  }
  // The fifth training wordings (single questions in many words, and their two-part joins), on
  // the training documents, own stream.
  const t5 = new Pick(rng(seed + 0x7a6));
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'train5', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = [...a.facts];
      for (const [f, v] of t5.shuffle(facts).slice(0, 3)) ask(t5.one(TRAIN5[f].ask)(a.name), [v.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const [one, two] = t5.shuffle(facts.filter(([f]) => f !== 'standby'));
      if (!one || !two) continue;
      const q1 = t5.one(TRAIN5[one[0]].ask)(a.name).replace(/[?.]$/, '');
      ask(t5.one(JOIN_SHAPES)(q1, t5.one(TRAIN5[two[0]].join)), [one[1].value, two[1].value], 'two-part', 'two-part', [page(one[0]), page(two[0])]);
    }
  }
  // The second batch of the fifth training wordings: every asset's purchase price, and one other fact.
  const t5b = new Pick(rng(seed + 0x7a7));
  for (const { d, assets, where } of trainDocs) {
    for (const a of assets) {
      const asked = [...a.facts].filter(([f]) => TRAIN5B[f] !== undefined);
      const cost = asked.find(([f]) => f === 'cost');
      const other = t5b.shuffle(asked.filter(([f]) => f !== 'cost'))[0];
      for (const [f, v] of [cost, other].filter((x) => x !== undefined)) {
        items.push({ question: t5b.one(TRAIN5B[f]!)(a.name), answers: [v.value], category: 'paraphrased', type: FACTS[f].type, split: 'train5b', doc: d, pages: [where.get(`${a.name}|${f}`)!] });
      }
    }
  }
  // The fourth held-out wordings (single, two- and three-part, absent and table questions), on
  // the held-out documents, own stream.
  const h4 = new Pick(rng(seed + 0x4e4));
  const fresh = freshHeld4();
  for (const { d, assets, where, table } of heldDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'held4', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = [...a.facts];
      for (const [f, v] of h4.shuffle(facts).slice(0, 3)) ask(h4.one(fresh.ask[f])(a.name), [v.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const [one, two, three] = h4.shuffle(facts.filter(([f]) => f !== 'standby'));
      if (one && two) {
        const q1 = h4.one(fresh.ask[one[0]])(a.name).replace(/[?.]$/, '');
        const [j1, j2] = [h4.one(fresh.join[one[0]]), h4.one(fresh.join[two[0]])];
        if (h4.r() < 0.8) ask(h4.one(HELD4_TWO)(q1, j1, j2, a.name), [one[1].value, two[1].value], 'two-part', 'two-part', [page(one[0]), page(two[0])]);
        if (three && h4.r() < 0.4) {
          const j3 = h4.one(fresh.join[three[0]]);
          ask(h4.one(HELD4_THREE)(q1, j1, j2, j3, a.name), [one[1].value, two[1].value, three[1].value], 'three-part', 'three-part', [page(one[0]), page(two[0]), page(three[0])]);
        }
      }
      const missing = FACT_NAMES.filter((f) => !a.facts.has(f));
      if (missing.length && h4.r() < 0.5) ask(h4.one(fresh.ask[h4.one(missing)])(a.name), [], 'absent', 'absent', []);
    }
    for (let k = 0; k < 3; k++) {
      const i = h4.int(0, assets.length - 1);
      const c = h4.int(0, TABLE_COLUMNS.length - 1);
      ask(h4.one(fresh.table[TABLE_COLUMNS[c]!.header]!)(assets[i]!.name), [table.values[i]![c]!], 'table', 'quantity', [table.page]);
    }
    const ghost = `${h4.one(KINDS)} ${String.fromCharCode(65 + h4.int(0, 11))}-${h4.int(100, 999)}`;
    ask(h4.one(fresh.ask[h4.one(FACT_NAMES)])(ghost), [], 'absent', 'absent', []);
  }
  // The sixth training wordings (yes/no, who, which year; negated questions, checks of a stated
  // value, facts never stated), on the training documents, own stream.
  const t6 = new Pick(rng(seed + 0x7a8));
  const T6_FACTS: Train6FactName[] = ['year', 'installer', 'engineer', 'standby'];
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'train6', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const has = T6_FACTS.filter((f) => a.facts.has(f));
      for (const f of has) ask(t6.one(TRAIN6[f].ask)(a.name), [a.facts.get(f)!.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const standby = a.facts.get('standby');
      if (standby && t6.r() < 0.5) ask(t6.one(TRAIN6_NEGATED)(a.name), [standby.value === 'Yes' ? 'No' : 'Yes'], 'paraphrased', 'yes/no', [page('standby')]);
      const checkable = has.filter((f): f is Exclude<Train6FactName, 'standby'> => f !== 'standby');
      if (checkable.length) {
        const f = t6.one(checkable);
        const own = a.facts.get(f)!.value;
        const others = assets.map((x) => x.facts.get(f)?.value).filter((v): v is string => v !== undefined && v !== own);
        const yes = others.length === 0 || t6.r() < 0.5;
        ask(t6.one(TRAIN6_CHECKS[f])(a.name, yes ? own : t6.one(others)), [yes ? 'Yes' : 'No'], 'paraphrased', 'yes/no', [page(f)]);
      }
      const missing = T6_FACTS.filter((f) => !a.facts.has(f));
      if (missing.length) ask(t6.one(TRAIN6[t6.one(missing)].ask)(a.name), [], 'absent', 'absent', []);
      if (t6.r() < 0.4) ask(t6.one(TRAIN6_UNSTATED)(a.name), [], 'absent', 'absent', []);
      const [one, two] = t6.shuffle(has.filter((f) => f !== 'standby'));
      if (one && two && t6.r() < 0.6) {
        const q1 = t6.one(TRAIN6[one].ask)(a.name).replace(/[?.]$/, '');
        ask(`${q1}, and ${t6.one(TRAIN6[two].join).replace(/^and /, '')}?`, [a.facts.get(one)!.value, a.facts.get(two)!.value], 'two-part', 'two-part', [page(one), page(two)]);
      }
    }
  }
  // The seventh training wordings (three or more parts, and two parts in the same frames), on the
  // training documents, own stream.
  const t7 = new Pick(rng(seed + 0x7a9));
  const { wordings: T7, bare: T7_BARE } = freshTrain7();
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, pages: number[]) =>
      items.push({ question, answers, category, type: category === 'two-part' ? 'two-part' : 'three-part', split: 'train7', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = t7.shuffle([...a.facts.keys()].filter((f): f is Train7FactName => f !== 'standby'));
      const parts = (fs: Train7FactName[]) => ({ a: a.name, n: fs.map((f) => t7.one(T7[f].noun)), q: fs.map((f) => t7.one(T7[f].about)), first: t7.one(T7[fs[0]!].ask)(a.name) });
      const gold = (fs: Train7FactName[]): string[] => fs.map((f) => a.facts.get(f)!.value);
      if (facts.length >= 3) {
        const fs = facts.slice(0, facts.length >= 4 && t7.r() < 0.3 ? 4 : 3);
        ask(t7.one(TRAIN7_MANY)(parts(fs)), gold(fs), 'three-part', fs.map(page));
      }
      if (facts.length >= 2) {
        const fs = t7.shuffle(facts).slice(0, 2);
        ask(t7.one(TRAIN7_TWO)(parts(fs)), gold(fs), 'two-part', fs.map(page));
      }
      const bare = T7_BARE.filter((b) => b.facts.every((f) => a.facts.has(f)));
      if (bare.length && t7.r() < 0.6) {
        const b = t7.one(bare);
        ask(b.ask(a.name), gold(b.facts), b.facts.length === 2 ? 'two-part' : 'three-part', b.facts.map(page));
      }
    }
  }
  // The eighth training wordings (time asked in many ways, new two-part joins, absent neighbours of
  // stated facts), on the training documents, own stream.
  const t8 = new Pick(rng(seed + 0x7aa));
  const T8 = freshTrain8().wordings;
  for (const { d, assets, where } of trainDocs) {
    const ask = (question: string, answers: string[], category: HardCategory, type: HardItem['type'], pages: number[]) =>
      items.push({ question, answers, category, type, split: 'train8', doc: d, pages });
    for (const a of assets) {
      const page = (f: FactName): number => where.get(`${a.name}|${f}`)!;
      const facts = t8.shuffle([...a.facts.keys()].filter((f): f is Train8FactName => f !== 'standby'));
      // Durations always, two other facts.
      const picked = [...facts.filter((f) => FACTS[f].type === 'duration'), ...facts.filter((f) => FACTS[f].type !== 'duration').slice(0, 2)];
      for (const f of picked) ask(t8.one(T8[f].ask)(a.name), [a.facts.get(f)!.value], 'paraphrased', FACTS[f].type, [page(f)]);
      const [f1, f2] = t8.shuffle(facts);
      if (f1 && f2 && t8.r() < 0.8) {
        const q = t8.one(TRAIN8_TWO)(a.name, t8.one(T8[f1].ask)(a.name), t8.one(T8[f2].about), t8.one(T8[f1].noun), t8.one(T8[f2].noun));
        ask(q, [a.facts.get(f1)!.value, a.facts.get(f2)!.value], 'two-part', 'two-part', [page(f1), page(f2)]);
      }
      const near = facts.flatMap((f) => TRAIN8_NEIGHBOURS[f] ?? []).filter((f) => !a.facts.has(f));
      if (near.length && t8.r() < 0.7) ask(t8.one(T8[t8.one(near)].ask)(a.name), [], 'absent', 'absent', []);
    }
  }
  return { docs, items, files: [...trainDocs, ...heldDocs].sort((x, y) => x.d - y.d) };
}
export const hardPdfOf = (doc: HardDocument): Buffer => buildPdf(doc.pages);
