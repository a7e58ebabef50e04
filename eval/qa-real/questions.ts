// Hand-written questions on real documents written by others (issue 15): 15 PDFs from
// /work/shared/data (pdfplumber's test files and ICDAR 2013 competition documents), read with
// `pdftotext -layout` and asked the way a user would type them, written blind to the engine
// (without reading src/qa, src/search or the generated question sets) on 2026-11-28.
// Pages are 1-based PDF pages; an answer is a list of acceptable strings, a list of parts that
// must all be stated, or a number; absent questions have no answer.

export type RealCategory = 'verbatim' | 'paraphrased' | 'table' | 'two-part' | 'yes-no' | 'number' | 'absent';

export interface RealQuestion {
  doc: string;
  question: string;
  category: RealCategory;
  /** Acceptable answers: any one of them stated (normalised token containment). */
  any?: string[];
  /** Every part must be stated, each by one of its acceptable strings. */
  parts?: string[][];
  /** A numeric answer: the first number of the answer not in the question, within `tol`. */
  num?: number;
  tol?: number;
  /** yes/no questions: the first word of the answer. */
  yesNo?: 'yes' | 'no';
  /** The evidence is right when it cites one of these pages. */
  pages: number[];
}

export interface RealDoc {
  id: string;
  /** Path under /work/shared/data. */
  file: string;
  kind: string;
}

export const REAL_DOCS: RealDoc[] = [
  { id: 'scotus', file: 'pdfplumber-tests/scotus-transcript-p1.pdf', kind: 'court transcript cover page' },
  { id: 'cupertino', file: 'pdfplumber-tests/cupertino_usd_4-6-16.pdf', kind: 'meeting agenda' },
  { id: 'senate', file: 'pdfplumber-tests/senate-expenditures.pdf', kind: 'expenditure table' },
  { id: 'nics', file: 'pdfplumber-tests/nics-background-checks-2015-11.pdf', kind: 'wide statistics table' },
  { id: 'skating', file: 'pdfplumber-tests/issue-90-example.pdf', kind: 'score sheet' },
  { id: 'adverse', file: 'pdfplumber-tests/table-curves-example.pdf', kind: 'drug label table' },
  { id: 'earth', file: 'pdfplumber-tests/issue-598-example.pdf', kind: 'textbook page' },
  { id: 'dsp', file: 'pdfplumber-tests/150109DSP-Milw-505-90D.pdf', kind: 'case report form' },
  { id: 'paper', file: 'pdfplumber-tests/issue-982-example.pdf', kind: 'two-column paper' },
  { id: 'precinct', file: 'pdfplumber-tests/la-precinct-bulletin-2014-p1.pdf', kind: 'election results bulletin' },
  { id: 'eprtr', file: 'icdar2013/competition-dataset-eu/eu-001.pdf', kind: 'threshold tables' },
  { id: 'abcp', file: 'icdar2013/competition-dataset-eu/eu-002.pdf', kind: 'report page with table' },
  { id: 'salary', file: 'icdar2013/competition-dataset-us/us-003.pdf', kind: 'glossary with table' },
  { id: 'hmda', file: 'icdar2013/competition-dataset-us/us-005.pdf', kind: 'glossary with table' },
  { id: 'onepct', file: 'icdar2013/competition-dataset-us/us-012.pdf', kind: 'state table' },
];

type Opts = Omit<RealQuestion, 'doc' | 'question' | 'category' | 'pages'>;
const make =
  (category: RealCategory) =>
  (question: string, answer: string | string[] | Opts, pages: number | number[] = 1): Omit<RealQuestion, 'doc'> => {
    const opts: Opts = typeof answer === 'string' ? { any: [answer] } : Array.isArray(answer) ? { any: answer } : answer;
    return { question, category, pages: Array.isArray(pages) ? pages : [pages], ...opts };
  };
const verbatim = make('verbatim');
const para = make('paraphrased');
const table = make('table');
const two = (question: string, parts: string[][], pages: number | number[] = 1) => make('two-part')(question, { parts }, pages);
const yn = (question: string, yesNo: 'yes' | 'no', pages: number | number[] = 1) => make('yes-no')(question, { yesNo }, pages);
const num = (question: string, value: number, pages: number | number[] = 1, tol = 0) => make('number')(question, { num: value, tol }, pages);
const absent = (question: string): Omit<RealQuestion, 'doc'> => ({ question, category: 'absent', pages: [] });

const byDoc: Record<string, Array<Omit<RealQuestion, 'doc'>>> = {
  scotus: [
    para('What is the docket number of Knowles v. Mirzayance?', '07-1315'),
    verbatim('Who is the petitioner?', ['Michael A. Knowles', 'Knowles']),
    para('What day was the oral argument held?', ['January 13, 2009']),
    para('What time did the argument start?', '1:01'),
    para('Who argued for the respondent?', ['Sevilla']),
    para('Which lawyer represented the petitioner?', ['Mercer']),
    verbatim("What is Steven Mercer's position?", 'Deputy Attorney General'),
    para('Which city was the hearing in?', 'Washington'),
    para('Which company produced the transcript?', 'Alderson Reporting'),
    two('Who is the respondent, and where is his lawyer from?', [['Mirzayance'], ['San Diego']]),
    yn('Was the argument on a Tuesday?', 'yes'),
    absent('Who was the Chief Justice presiding over the argument?'),
    absent('How long did the oral argument last?'),
  ],
  cupertino: [
    verbatim('What is the address of the Cupertino Union School District?', '1309 S. Mary Avenue'),
    para('When is the special board meeting?', 'April 6, 2016'),
    para('What time does the meeting begin?', '7:30'),
    para('How long can each speaker talk during public comment?', ['three minutes', '3 minutes', 'three (3) minutes']),
    para('What is the maximum total time for public comments?', '30 minutes'),
    para('What number should I call if I need special accommodation?', '(408) 252-3000'),
    para('How many days ahead do I have to ask for an accommodation?', ['two business days', '2 business days']),
    verbatim('Who is the superintendent?', 'Wendy Gudalewicz'),
    two('Who are the board president and vice-president?', [['Josephine Lucey', 'Lucey'], ['Anjali Kausar', 'Kausar']]),
    yn('Can I give my speaking time to another speaker?', 'no'),
    para('Which law lets the board limit the total time for comments?', 'Brown Act'),
    verbatim('Under which Government Code section is the public employee performance evaluation held?', '54957'),
    verbatim("What is the extension of the Superintendent's Office?", '61200'),
    absent('Who takes the minutes at the meeting?'),
    absent('Where can visitors park for the board meeting?'),
  ],
  senate: [
    table('How much was paid to Bain, J Matthew?', { num: 37499.96, tol: 0.005 }),
    table("What is Alvaro Smith's job title?", 'Legislative Correspondent'),
    table('What was the amount of document DHAW20190001?', { num: 920.68, tol: 0.005 }),
    para('Who is the intern who started on September 18?', ['Bollinger']),
    table("How much did Sen Hawley's train fare to New York cost?", { num: 618, tol: 0.005 }),
    table('What is the posted date of DHAW20190045?', '07/10/2019'),
    two("What is Payton Englert's position and how much was he paid?", [['Staff Assistant'], ['25,499.96']]),
    yn("Was E Johnson's airfare charged to the Citibank travel CBA card?", 'yes'),
    num('How much did the flight for C Naylor to San Diego cost?', 685.01, 1, 0.005),
    para('Who is the field representative?', ['Gruender']),
    table('Which card paid for DHAW20190031?', ['Senator IBA']),
    absent('How much was spent on office supplies?'),
    absent('What is the salary of the chief of staff?'),
  ],
  nics: [
    table('How many permit checks were there in Alabama?', { num: 18870 }),
    table('What was the total for Kentucky?', { num: 295891 }),
    table('How many long gun checks were done in Florida?', { num: 28981 }),
    para('How many firearm background checks were there in total in November 2015?', { num: 2236457 }),
    verbatim('What month does this report cover?', ['November 2015', 'November - 2015']),
    para('What does "Other" mean in this table?', ['frames, receivers']),
    yn('Do these numbers show how many guns were sold?', 'no'),
    table('What were the total checks for Illinois?', { num: 129861 }),
    two('How many permit checks did Indiana and Illinois each have?', [['81,935'], ['87,190']]),
    table('What is the total for Wyoming?', { num: 5017 }),
    table('How many handgun checks did Texas have?', { num: 56941 }),
    absent('How many background checks were denied in Ohio?'),
    absent('What were the background check numbers for October 2015?'),
  ],
  skating: [
    verbatim('Which competition are these results from?', ['Trophee Bompard 2012', 'Trophee Bompard']),
    table('What rank did Pernelle Carron and Lloyd Jones finish?', { num: 8 }),
    table('Which nation does Ekaterina Pushkash skate for?', ['RUS', 'Russia']),
    table('What was the total segment score of Pushkash and Guerreiro?', { num: 49.88, tol: 0.005 }),
    para('Why did Pushkash and Guerreiro lose a point?', 'extended lifts'),
    table('What is the factor for Interpretation / Timing?', { num: 1, tol: 0.001 }),
    table('What was the total element score of Carron and Jones?', { num: 20.99, tol: 0.005 }),
    num('What program component score did the French couple get?', 27.36, 1, 0.005),
    yn('Did Carron and Jones get any deductions?', 'no'),
    verbatim('When was the sheet printed?', ['16.11.2012']),
    table('What was the base value of STw4 for Carron and Jones?', { num: 6, tol: 0.001 }),
    num('How many points were deducted from Pushkash and Guerreiro?', 1, 1, 0.001),
    two('What rank and nation did Pushkash and Guerreiro have?', [['7'], ['RUS', 'Russia']]),
    absent('What was the free dance score of Pushkash and Guerreiro?'),
    absent('Who was the referee of the ice dance?'),
  ],
  adverse: [
    table('How common is anaemia in VTEp patients?', 'Common'),
    table('How frequent is brain haemorrhage in NVAF patients?', 'Uncommon'),
    table('What is the frequency of angioedema?', 'Not known'),
    table('How often does epistaxis occur in VTEt?', 'Common'),
    para('How common are nosebleeds in patients treated for DVT and PE?', 'Common'),
    verbatim('What does very rare mean?', ['1/10,000', '1/10000']),
    table('How common is thrombocytopenia in the treatment of DVT and PE?', 'Common'),
    yn('Is nausea common for all three indications?', 'yes'),
    verbatim('What is the title of Table 2?', 'Tabulated adverse reactions'),
    two('How frequent is haemoptysis in VTEp and in NVAF?', [['Rare'], ['Uncommon']]),
    absent('How common is headache?'),
    absent('What is the recommended daily dose?'),
  ],
  earth: [
    verbatim('What is the title of chapter 1?', 'What is Earth Science'),
    verbatim('What is section 1.1 called?', 'Nature of Science'),
    para('How many kinds of scientific models does the lesson cover?', ['three', '3']),
    para('What does "disciplined" mean in science?', ['orderly steps']),
    para('Which website is this from?', ['ck12']),
    yn('Does disciplined mean well-behaved in science?', 'no'),
    absent('Who wrote this chapter?'),
    absent('What are the steps of the scientific method?'),
  ],
  dsp: [
    verbatim('What is the case tracking number?', '150109-DSP-Milw-505'),
    para('Which agency handled this case?', 'Bureau of Milwaukee Child Welfare'),
    para('How old was the child?', ['1 year 9 months', '1 year, 9 month', '1 Year 9 Months']),
    verbatim('What was the date of the incident?', '01/09/2015'),
    para('When did the agency receive the report?', 'January 10, 2015'),
    para('What was the friend of the mother charged with?', ['reckless homocide', 'reckless homicide']),
    yn('Were criminal charges filed?', 'yes', [1, 2]),
    para('Who was charged?', ['friend of the mother', "mother's friend", "friend of the mother's"], [1, 2]),
    two("How old were the child's sister and brother?", [['five year', '5 year', 'five-year'], ['seven month', '7 month']], [1, 2]),
    para('What was the race of the child?', ['African American', 'Black']),
    verbatim('What is the form number?', 'DCF-F-2476-E'),
    yn('Was the case closed?', 'yes', [1, 2]),
    para('If the review is not done within 90 days, when will DSP submit the final report?', ['6 months', 'six months'], 2),
    num('Within how many days is the summary report due?', 90, [1, 2]),
    absent('What was the name of the hospital?'),
    absent('What sentence did the defendant receive?'),
  ],
  paper: [
    verbatim('Who wrote Creativity in Machine Learning?', 'Martin Thoma', 1),
    verbatim("What is the author's e-mail address?", 'info@martin-thoma.de', 1),
    para('How does the paper define creativity?', ['ability to use your imagination'], 1),
    para('Who gave the formal definition of machine learning?', ['Mitchel', 'Mitchell'], 1),
    num('How many input signals would a 500 px × 500 px RGB image give?', 750000, 2),
    verbatim('What does CNN stand for?', ['Convolutional Neural Network', 'Convolutional Neural Networks'], 2),
    para('Which film is Inceptionism named after?', 'Inception', 2),
    verbatim('What does AIKON stand for?', 'Automatic IKONic drawing', 3),
    para('Which clustering method did Tresset and Leymarie use?', 'k-means', 3),
    verbatim('Who created ELIZA?', 'Weizenbaum', 4),
    two('Who made ELIZA and in which decade?', [['Weizenbaum'], ['1960s']], 4),
    para('When did David Cope start EMI?', '1984', 4),
    verbatim('In what year did Cope start Emily Howell?', '2003', 4),
    para('How big is the Hutter Prize dataset?', '100 MB', 3),
    verbatim('What does LSTM stand for?', 'Long short-term memory', 3),
    para('Who beat Garry Kasparov in 1997?', 'Deep Blue', 5),
    yn('Does the author think machine learning can compete with human artists?', 'no', 5),
    para('Who used raw audio waveforms as input to generate music?', { parts: [['Nayebi'], ['Vitelli']] }, 4),
    para("Which painting's style was applied to the photo of the cattle?", 'Starry Night', 3),
    absent('Which GPU did the author train on?'),
    absent('Which university is the author affiliated with?'),
    absent('How many layers does the DeepDream network have?'),
  ],
  precinct: [
    verbatim('How many ballots were cast?', { num: 327 }),
    para('How many voters are registered in the precinct?', { num: 1100 }),
    table('How many votes did Neel Kashkari get?', { num: 247 }),
    table('How many votes did Edmund G Brown get for governor?', { num: 69 }),
    para('When was the general election held?', ['11/04/14']),
    yn('Is Kamala D Harris a Democrat?', 'yes'),
    absent('How many votes did Proposition 30 get?'),
    two('How many ballots were cast and how many voters are registered?', [['327'], ['1100', '1,100']]),
  ],
  eprtr: [
    table('What is the threshold for releases of methane to air?', { num: 100000 }, 1),
    table('What is the threshold for lead releases to water?', { num: 20 }, 1),
    para('How many pollutants does E-PRTR list?', { num: 91 }, 1),
    verbatim('How many E-PRTR economic activities are there?', { num: 65 }, 1),
    table('What is the air threshold for carbon dioxide?', ['100 million'], 1),
    table('What is the water threshold for total nitrogen?', { num: 50000 }, 3),
    table('What is the threshold for chlorides to land?', ['2 million'], 3),
    para('Above how much ammonia released into the air per year does a facility have to report?', { num: 10000 }, 1),
    yn('Is there a water threshold for carbon dioxide?', 'no', 1),
    two('What are the air and water thresholds for zinc?', [['200'], ['100']], 1),
    para('Which statistical classification are the activities reported with?', 'NACE', 1),
    num('What is the threshold for dioxins released to air?', 0.0001, 2, 0.00001),
    table('What is the air threshold for benzene?', { num: 1000 }, 3),
    num('What is the land threshold for cadmium in kg per year?', 5, 1),
    absent('What is the threshold for radon releases?'),
    absent('What is the fine for a facility that does not report?'),
  ],
  abcp: [
    table('What was European ABCP issuance in Q4 2007?', { num: 186.1, tol: 0.01 }),
    table('What was the total issuance in 2006?', { num: 367.1, tol: 0.01 }),
    table('How much ABCP was issued in the second quarter of 2005?', { num: 63.4, tol: 0.01 }),
    para('Which instrument is the biggest credit derivative by volume?', 'Credit default swaps'),
    verbatim('What is the source of Table 3?', ['Dealogic']),
    yn('Are total return swaps covered in this consultation paper?', 'no'),
    two('What was issuance in Q1 2004 and in Q1 2008?', [['34.7'], ['120.9']]),
    absent('What was ABCP issuance in Q3 2008?'),
    absent('What was US ABCP issuance in 2007?'),
  ],
  salary: [
    table('What was the salary limit of the lowest group in 2003?', { num: 34000 }),
    two('What was the upper middle salary range in 1997?', [['29,993'], ['40,888']]),
    verbatim("What DAS variable gives the age at which the bachelor's degree was received?", 'AGEATBA'),
    para('Above what amount were 2003 salaries recoded?', { num: 500000 }),
    verbatim('What does B2EDPCT measure?', ['debt burden', 'monthly loan payment as a percentage of monthly income']),
    para('Which debt burden values were dropped as unrealistic?', ['more than 50 percent', '50 percent']),
    two('What are the age categories?', [['24 or younger'], ['25–29', '25 29'], ['30 or older']]),
    table('What was the highest salary group in 1994?', { num: 25771 }),
    yn('Is the weighted item response rate of B2SALARY below 85 percent?', 'yes'),
    num('How much did the lowest earners make at most in 1994?', 9594),
    absent('What was the median salary in 2003?'),
    absent('How many people responded to the survey?'),
  ],
  hmda: [
    verbatim('When was the Home Mortgage Disclosure Act enacted?', '1975'),
    two('What share of the area median income counts as moderate-income?', [['50'], ['80']]),
    table('Which income level is 120 or more?', 'Upper-income'),
    para('Which businesses count for small business loans?', ['1 million']),
    verbatim('What does LMI stand for?', 'Low or Moderate Income'),
    para('What is the income limit for LMI borrowers?', ['80%', '80 percent']),
    verbatim('What does GAR stand for?', 'gross annual revenues'),
    para('Which census defines LMI geographies?', ['2000']),
    table('What is the range for middle-income?', { parts: [['80'], ['120']] }),
    num('What revenue limit makes a business a small business?', 1000000),
    absent('What is the area median family income in dollars?'),
    absent('What is the penalty for not reporting HMDA data?'),
  ],
  onepct: [
    table('How many districts in VA were granted exceptions?', { num: 53 }),
    table('Number of districts granted exceptions in SD?', { num: 14 }),
    yn('Did Ohio grant exceptions to districts to exceed the 1% cap based on 2003–04 testing?', 'yes'),
    table('How many districts got exceptions in North Carolina?', { num: 5 }),
    yn('Did Pennsylvania grant exceptions to exceed the 1% cap based on 2005–06 testing?', 'no'),
    verbatim('What does "na" mean?', 'not available'),
    para('Where do these figures come from?', 'SSI-NCLB Accountability Interviews'),
    verbatim('In which states did no districts exceed the 1 percent cap?', { parts: [['Alaska'], ['Delaware'], ['Indiana'], ['Nebraska']] }),
    para("What is Missouri's alternate assessment not based on?", 'alternate achievement standards'),
    absent('How many districts in California were granted exceptions?'),
    absent('How many students took alternate assessments in Utah?'),
  ],
};

export const REAL_QUESTIONS: RealQuestion[] = Object.entries(byDoc).flatMap(([doc, qs]) => qs.map((q) => ({ doc, ...q })));
