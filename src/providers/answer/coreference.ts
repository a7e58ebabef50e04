// "... the establishment of the JASPERS initiative ... The initiative would be managed by the EIB.":
// a definite noun phrase ("the initiative") names what an earlier sentence named in full, with
// its proper name before the same noun ("JASPERS initiative"). The sentence is read with that
// name, so a question naming it ("Who would manage the JASPERS initiative?") meets its statement.

/** A name (capitalised words, acronyms, tags) directly before `noun` in `text`, or null. */
function namedBefore(text: string, noun: string): string | null {
  const re = new RegExp(String.raw`((?:[A-Z][\p{L}\p{N}&.'’-]*\s+){1,4})${noun}\b`, 'gu');
  let found: string | null = null;
  for (const m of text.matchAll(re)) {
    // A name opening a sentence may start with an ordinary word ("The", "Its"): it is dropped.
    const words = m[1]!.trim().split(/\s+/).filter((w) => !/^(?:The|A|An|Its|This|That|These|Those|Our|Their)$/.test(w));
    if (words.length > 0) found = `${words.join(' ')} ${noun}`;
  }
  return found;
}

/** For each sentence (in reading order), the full names of the definite noun phrases it uses, as context ('' when none). */
export function definiteAntecedents(sentences: string[], reach = 5): string[] {
  return sentences.map((s, i) => {
    const out: string[] = [];
    for (const m of s.matchAll(/\b[Tt]he ([a-z]{4,})\b/g)) {
      const noun = m[1]!;
      // Named here already ("the JASPERS initiative") or not named before: nothing to add.
      if (namedBefore(s, noun) !== null) continue;
      for (let j = i - 1; j >= Math.max(0, i - reach); j--) {
        const name = namedBefore(sentences[j]!, noun);
        if (name !== null) {
          if (!out.includes(name)) out.push(name);
          break;
        }
      }
    }
    return out.join(' ');
  });
}
