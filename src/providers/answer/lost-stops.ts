// Text extracted from real PDFs sometimes loses its full stops (a font that draws them as
// graphics, a dropped glyph): "... 291 convictions In FY 2010, ICE HSI opened ...". Read as one
// sentence, every figure of every year is a candidate for every question about it. A capitalised
// sentence opener right after a lower-case word or a number cannot be inside a sentence, so the
// stop is put back there and the sentences split as written.

/** Openers that start a sentence and are not written with a capital inside one. */
const OPENER = String.raw`(?:In|Of these|Of those|These|They|There)`;
const LOST = new RegExp(String.raw`(?<=(?:^|\s)(?:[a-z][\w-]*|\d[\d.,]*%?|\S*\)))\s+(?=${OPENER}[\s,]+[\w$(])`, 'g');

/** `text` with a full stop put back before each sentence opener that follows a word in lower case or a number. */
export function restoreStops(text: string): string {
  return text.replace(LOST, '. ');
}
