// Real documents (issue 15, eval/qa-real train split): prose wrapped at the column edge, chunks
// cut inside sentences, opening phrases, table captions, forms, "the initiative" for a name said
// before, one-word bodies, total rows, a value right after the asked word.
import { describe, expect, it } from 'vitest';
import { typedSpans } from '../../../src/providers/answer/answer-types.js';
import { bareValueFits } from '../../../src/providers/answer/labelled-values.js';
import { definiteAntecedents } from '../../../src/providers/answer/coreference.js';
import { ExtractiveEngine, NOT_FOUND_TEXT, totalsAgree } from '../../../src/providers/answer/extractive.js';
import { labelSaid } from '../../../src/providers/answer/labelled-values.js';
import { completedLines, wrapsByLayout } from '../../../src/providers/answer/line-wrap.js';
import { matchTerms } from '../../../src/providers/answer/matching.js';
import { inAskedClauses, valueAfter } from '../../../src/providers/answer/span-choice.js';
import { terms } from '../../../src/providers/answer/text.js';
import type { Passage, PassageLine } from '../../../src/providers/answer/types.js';

/** A line of a page (y grows downward), `x1` its right end. */
const at = (text: string, y: number, x1 = 540, x0 = 72): PassageLine => ({ text, bbox: [x0, y, x1, y + 12] });
const passage = (lines: PassageLine[], pageLines = lines, kind = 'text'): Passage => ({ documentId: 'd', pageNumber: 1, kind, lines, pageLines });

async function ask(question: string, p: Passage): Promise<string> {
  const engine = new ExtractiveEngine();
  const plan = (await engine.plan(question)).value;
  const read = await engine.read(question, plan, p);
  return (await engine.answer(question, read.value.map((e, i) => ({ ...e, id: i + 1 })), 'concise')).value.text;
}

describe('prose wrapped at the column edge', () => {
  const page = [
    at('Chartered by the State of New York, the bank is the oldest banking corporation in the country.', 100),
    at('Established in 1784, Harbor Trust maintains its headquarter at One Wall Street, New York, BNY', 114),
    at('Mellon keeps two major banks in the city and several branches in the counties.', 128, 400),
    at('Assessment Area', 150, 160),
    at('The area is comprised of four counties.', 164, 300),
  ];

  it('joins a full-width line that ends no sentence to the next line, whatever its first word', () => {
    expect(wrapsByLayout(page[1]!, page[2]!, page)).toBe(true);
    // A line that ends a sentence, a short heading, or a next line that is not right below: no.
    expect(wrapsByLayout(page[0]!, page[1]!, page)).toBe(false);
    expect(wrapsByLayout(page[3]!, page[4]!, page)).toBe(false);
    expect(wrapsByLayout(page[1]!, { ...page[2]!, bbox: [72, 300, 400, 312] }, page)).toBe(false);
    // A bullet opens a new item.
    expect(wrapsByLayout(page[1]!, at('• presentation accommodations', 128), page)).toBe(false);
  });

  it('completes a sentence the chunk starts or ends inside from the page lines around it', () => {
    const joins = (a: PassageLine, b: PassageLine): boolean => wrapsByLayout(a, b, page);
    expect(completedLines([page[2]!], page, joins).map((l) => l.text)).toEqual([page[1]!.text, page[2]!.text]);
    expect(completedLines([page[1]!], page, joins).map((l) => l.text)).toEqual([page[1]!.text, page[2]!.text]);
    expect(completedLines([page[4]!], page, joins)).toEqual([page[4]]);
  });

  it('answers from a sentence split over two lines and two chunks', async () => {
    expect(await ask('When was Harbor Trust established?', passage([page[2]!], page))).toBe('1784');
    // Old code: "Established in 1784, Harbor Trust ... BNY" and "Mellon keeps ..." were two sentences, and
    // a chunk holding only the second line never saw the year.
  });
});

describe('opening phrases', () => {
  it('keeps a date that opens the sentence in the clause it opens', async () => {
    const text = 'On April 28, 2015, the agency screened-in a CPS Report alleging physical abuse to the child.';
    const spans = typedSpans({ type: 'date', family: null, cue: [], unitNamed: false }, text);
    const qterms = matchTerms('When did the agency screen in the CPS report?', ['when']);
    expect(inAskedClauses(spans, text, qterms).map((s) => s.text)).toEqual(['April 28, 2015']);
    expect(await ask('When did the agency screen in the CPS report?', passage([at(text, 100)]))).toBe('April 28, 2015');
  });
});

describe('table captions and forms', () => {
  const caption: PassageLine = { text: 'Table 7.4: Five Firm National Concentration Ratios (%)', bbox: null };

  it('takes no table-row grounding line of the page for the row label or header of a value', async () => {
    const page = [{ ...caption, bbox: [100, 180, 400, 192] as [number, number, number, number] }, { text: 'Portugal: 1996: 56; 1993: 36', bbox: [100, 200, 300, 212] as [number, number, number, number] }, at('Spain', 230, 140, 100), at('22', 230, 220, 200)];
    // A text chunk holding "Spain 22" under the grounding line of Portugal's row: 22 is not Portugal's.
    expect(await ask('What was the five firm concentration ratio of Portugal in 1996?', passage(page.slice(2), page))).not.toBe('22');
  });

  it('takes a currency column with its scale as money', () => {
    expect(bareValueFits({ type: 'money', family: null, cue: [], unitNamed: false }, '6.19', 'Algeria, Signed TA (EURm)')).toBe(true);
    expect(bareValueFits({ type: 'money', family: null, cue: [], unitNamed: false }, '8.8', 'Czech Republic, Cohesion Fund EURbn')).toBe(true);
    expect(matchTerms('What is the total amount in EURbn for the Czech Republic?', []).filter((t) => t.key).map((t) => t.stem)).toEqual(['czech', 'republ']);
  });

  it('answers from a form line whose label the question says, though it also names the form subject', async () => {
    const q = matchTerms('What was the race or ethnicity of the child?', []);
    expect(labelSaid('Race or Ethnicity: Caucasian', q)).toBe(true);
    expect(labelSaid('Handling Rate PO number: 0.0000', matchTerms('What is the PO number?', []))).toBe(false);
    expect(await ask('What was the race or ethnicity of the child?', passage([at('Race or Ethnicity: Caucasian', 100, 300)]))).toBe('Caucasian');
    expect(await ask('What was the religion of the child?', passage([at('Race or Ethnicity: Caucasian', 100, 300)]))).toBe(NOT_FOUND_TEXT);
  });

  it('prefers the total row when the question asks for a total, and another row otherwise', () => {
    const c = { score: 0.9, span: '98.46', matched: [], missingKey: false };
    expect(totalsAgree('What is the total signed TA?', { kind: 'cell', text: 'Total, Signed TA (EURm): 98.46' }, c).score).toBeCloseTo(0.91);
    expect(totalsAgree('What is the signed TA of Egypt?', { kind: 'cell', text: 'Total, Signed TA (EURm): 98.46' }, c).score).toBeCloseTo(0.89);
    expect(totalsAgree('What is the signed TA of Egypt?', { kind: 'cell', text: 'Egypt, Signed TA (EURm): 6.60' }, c).score).toBe(0.9);
  });

  it('takes no number beside a line of prose for a table value', async () => {
    const page = [at('If the review was not completed within 90 days, the office will submit the final report within 6 months.', 100, 480), at('2', 100, 540, 530)];
    expect(await ask('Within how many months will the office submit the final report?', passage(page))).toBe('6 months');
  });
});

describe('names said before', () => {
  it('reads "the initiative" with the name said before the same noun', async () => {
    const said = ['Discussions led to the establishment of the JASPERS initiative.', 'The initiative would be managed by the EIB.', 'The plan was approved.'];
    expect(definiteAntecedents(said)).toEqual(['', 'JASPERS initiative', '']);
    expect(await ask('Who would manage the JASPERS initiative?', passage(said.map((s, i) => at(s, 100 + 40 * i, 300))))).toBe('EIB');
    expect(await ask('Who would manage the Horizon initiative?', passage(said.map((s, i) => at(s, 100 + 40 * i, 300))))).toBe(NOT_FOUND_TEXT);
  });

  it('takes an acronym or "the" + capitalised word for a body acting, not a place', () => {
    const agent = { type: 'agent' as const, family: null, cue: [], unitNamed: false };
    expect(typedSpans(agent, 'The cash contribution would come from the Commission.').map((s) => s.text)).toEqual(['Commission']);
    expect(typedSpans(agent, 'It was managed by EBRD.').map((s) => s.text)).toEqual(['EBRD']);
    expect(typedSpans(agent, 'It stands at the Brekhav site.').map((s) => s.text)).toEqual([]);
  });
});

describe('which country', () => {
  it('takes a bare country name for "which country", not a code or the first word', async () => {
    const place = { type: 'place' as const, family: null, cue: ['which', 'country'], unitNamed: false };
    expect(typedSpans(place, 'In 2007, only Italy out of the four reporting MSs found samples positive.').map((s) => s.text)).toEqual(['Italy']);
    expect(typedSpans({ ...place, cue: ['which', 'site'] }, 'In 2007, only Italy out of the four reporting MSs found samples positive.').map((s) => s.text)).toEqual([]);
    const text = at('In 2007, only Italy out of the four reporting MSs found samples of fresh bovine meat positive for Campylobacter.', 100, 300);
    expect(await ask('Which country was the only one of the four reporting MSs to find fresh bovine meat positive in 2007?', passage([text]))).toBe('Italy');
  });
});

describe('free-text questions about a sum', () => {
  it('answers with the value said right after the asked word', async () => {
    const text = 'As of June 30, 2011, BNY Mellon reported total assets of $236.3 billion and total liabilities of $219.2 billion.';
    expect(valueAfter(text, matchTerms('What were the total liabilities of BNY Mellon?', []))).toBe('$219.2 billion');
    expect(valueAfter('The envelope of the FEMIP Support Fund (EUR 105 m) is estimated to allow more.', matchTerms('What is the envelope of the FEMIP Support Fund?', []))).toBe('EUR 105 m');
    expect(valueAfter(text, matchTerms('What were the deposits of BNY Mellon?', []))).toBeNull();
    expect(valueAfter('Scores count subject to a 2 percent cap at the state level.', matchTerms('What cap applies to the scores?', []))).toBe('2 percent');
    expect(await ask('What were the total liabilities of BNY Mellon?', passage([at(text, 100, 300)]))).toBe('$219.2 billion');
    // A "which" question asks for a name: no sum answers it.
    expect(await ask('Which bank reported total liabilities as of June 30, 2011?', passage([at(text, 100, 300)]))).not.toBe('$219.2 billion');
  });

  it('drops "get" as a content word ("how much funding does Hungary get")', () => {
    expect(terms('How much funding does Hungary get?')).toEqual(['fund', 'hungari']);
  });
});
