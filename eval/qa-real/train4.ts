// Fourth training split of eval/qa-real.ts (issue 15ai): questions written by hand, after reading
// `pdftotext -layout` and BEFORE any engine answer was seen, on real PDFs that neither the blind
// sets (questions.ts, held2.ts) nor train.ts / train2.ts / train3.ts use, in the words a user would type.
// Kinds: a market report with brand and share tables (eu-007); a funding report with an indicator
// weights table and amounts written "EUR 8 467" (eu-014); two statistics tables of borrowing by
// degree with sub-rows of the same name (us-002); a crime report with a side table and a
// counts table by year, footnote markers glued to numbers (us-027); a one-page notice with a
// definitions table (us-032); a student-loan leaflet whose ligatures are lost in the text
// layer ("inancial", "he federal") (us-036).
import type { RealDoc, RealQuestion } from './questions.js';

const EU = 'icdar2013/competition-dataset-eu';
const US = 'icdar2013/competition-dataset-us';

export const TRAIN4_DOCS: RealDoc[] = [
  { id: 'eu-007', file: `${EU}/eu-007.pdf`, kind: 'market report + share tables' },
  { id: 'eu-014', file: `${EU}/eu-014.pdf`, kind: 'funding report + weights table' },
  { id: 'us-002', file: `${US}/us-002.pdf`, kind: 'statistics tables + prose' },
  { id: 'us-027', file: `${US}/us-027.pdf`, kind: 'crime report + counts tables' },
  { id: 'us-032', file: `${US}/us-032.pdf`, kind: 'notice + definitions table' },
  { id: 'us-036', file: `${US}/us-036.pdf`, kind: 'leaflet, lost ligatures' },
];

type Q = Omit<RealQuestion, 'doc'>;
const on = (doc: string, qs: Q[]): RealQuestion[] => qs.map((q) => ({ ...q, doc }));

export const TRAIN4_QUESTIONS: RealQuestion[] = [
  ...on('eu-007', [
    { question: 'Which brand does Procter & Gamble sell in the down-market segment?', category: 'table', any: ['Bonux'], pages: [1] },
    { question: "What is Lever's up-market brand?", category: 'table', any: ['Skip'], pages: [1] },
    { question: 'When did the Conseil de la Concurrence investigate the washing powder market?', category: 'paraphrased', any: ['1994'], pages: [1] },
    { question: "How long were Lever's brands boycotted?", category: 'paraphrased', any: ['four months'], pages: [1] },
    { question: 'Was Procter & Gamble criticised for its recommended prices?', category: 'yes-no', yesNo: 'no', pages: [1] },
    { question: "By how much did Intermarché's catalogue price undercut the wholesale price?", category: 'number', num: 2.5, pages: [2] },
    { question: 'What share of coffee consumption in France is instant coffee?', category: 'number', num: 20, pages: [2] },
    { question: 'What was the budget coefficient for coffee in 1994?', category: 'table', num: 0.29, pages: [2] },
    { question: 'What was the turnover of instant coffee in 1998?', category: 'table', num: 2517, pages: [3] },
    { question: "What was Carte Noire's market share in 1997?", category: 'table', num: 16.5, pages: [3] },
    { question: 'Which company makes Maison du Café?', category: 'table', any: ['Douwe Egberts'], pages: [3] },
    { question: 'What share of the instant coffee market does Nescafé have?', category: 'number', num: 70, pages: [3] },
    { question: 'How much do producers estimate the rebates for special services at?', category: 'two-part', parts: [['15%', '15 %'], ['30%', '30 %']], pages: [4] },
    { question: 'What share of total coffee consumption do restaurants and cafés account for?', category: 'number', num: 30, pages: [4] },
    { question: 'What were the sales of butter and of margarine in 1997?', category: 'two-part', parts: [['6.0 billion', '6028', '6.0'], ['1.4 billion', '1385', '1.4']], pages: [4, 5] },
    { question: 'How much margarine does a French person eat per year?', category: 'number', num: 3.5, pages: [4] },
    { question: 'Does the Galland law allow sales at a loss?', category: 'yes-no', yesNo: 'no', pages: [4] },
    { question: 'What is the market share of Vedial in low fat products?', category: 'table', num: 35, tol: 0.2, pages: [5] },
    { question: 'What was the market share of Procter & Gamble in washing powders?', category: 'absent', pages: [] },
    { question: 'What is the retail price of a kilogram of butter?', category: 'absent', pages: [] },
  ]),
  ...on('eu-014', [
    { question: 'What share of operating costs does the state subsidy cover?', category: 'number', num: 45.3, pages: [2] },
    { question: 'When was performance-based funding introduced?', category: 'paraphrased', any: ['2002'], pages: [2] },
    { question: 'How large is performance-based funding, as a share and in euros?', category: 'two-part', parts: [['2 %', '2%'], ['20 million']], pages: [2] },
    { question: 'What weight did employment have in the performance-based funding index in 2006?', category: 'table', num: 40, pages: [2] },
    { question: 'What is the weight of staff development?', category: 'table', num: 6, pages: [2] },
    { question: 'What was the average unit cost per student in vocational institutions in 2004?', category: 'number', num: 8467, pages: [3] },
    { question: 'How much was spent on apprenticeship training in 2004?', category: 'number', num: 129e6, pages: [3] },
    { question: 'What share of the apprenticeship unit price does the State pay?', category: 'number', num: 77, pages: [3] },
    { question: 'Is basic education free for pupils?', category: 'yes-no', yesNo: 'yes', pages: [3] },
    { question: 'How much money did the Noste programme get in 2006?', category: 'number', num: 30e6, pages: [4] },
    { question: 'How many vocational adult education centres are there?', category: 'number', num: 40, pages: [4] },
    { question: 'Which ministry funds the training of the unemployed?', category: 'paraphrased', any: ['Ministry of Labour'], pages: [4] },
    { question: 'How many people completed labour market training in 2004?', category: 'number', num: 54200, pages: [5] },
    { question: 'What is the EU share of the Objective 3 programme budget?', category: 'number', num: 410e6, pages: [5] },
    { question: 'Who publishes the chart of funding flows?', category: 'verbatim', any: ['Finnish National Board of Education'], pages: [1] },
    { question: 'How much did Finland spend on universities in 2004?', category: 'absent', pages: [] },
    { question: 'How many apprentices were there in 2004?', category: 'absent', pages: [] },
  ]),
  ...on('us-002', [
    { question: 'What percentage of bachelor’s degree recipients who went on to graduate school borrowed for it?', category: 'paraphrased', num: 45, tol: 0.2, pages: [1] },
    { question: 'What was the average amount borrowed for graduate education?', category: 'number', num: 33200, pages: [1] },
    { question: 'What percent of education majors borrowed for graduate education?', category: 'table', num: 34.3, pages: [1] },
    { question: 'How much did engineering, mathematics, or science majors borrow on average for graduate school?', category: 'table', num: 47400, pages: [1] },
    { question: 'What share of first-professional degree holders borrowed $55,000 or more?', category: 'table', num: 67.1, pages: [1] },
    { question: 'What percent did not borrow at either the undergraduate or graduate level?', category: 'number', num: 31, tol: 0.4, pages: [2, 3] },
    { question: 'Which advanced degree earners were most likely to avoid borrowing at either level?', category: 'paraphrased', any: ['master'], pages: [2] },
    { question: 'What was the average total debt of first-professional completers who borrowed at both levels?', category: 'number', num: 88900, pages: [2, 3] },
    { question: 'Why are master’s degree programs less expensive?', category: 'paraphrased', any: ['shorter'], pages: [2] },
    { question: 'How much did borrowers at both levels from private not-for-profit doctorate-granting institutions borrow on average?', category: 'table', num: 55500, pages: [3] },
    { question: 'What percent of business and management majors borrowed at neither level?', category: 'table', num: 39.6, pages: [3] },
    { question: 'What does the double dagger mean in table 5?', category: 'verbatim', any: ['Reporting standards not met'], pages: [3] },
    { question: 'Which study are these figures from?', category: 'verbatim', any: ['Baccalaureate and Beyond Longitudinal Study'], pages: [1, 3, 4] },
    { question: 'What share borrowed only as undergraduates, and what share only as graduates?', category: 'two-part', parts: [['24'], ['18']], pages: [2] },
    { question: 'Were students who borrowed $5,000 or more as undergraduates less likely to borrow for graduate study?', category: 'yes-no', yesNo: 'no', pages: [2] },
    { question: 'What was the average interest rate on graduate loans?', category: 'absent', pages: [] },
    { question: 'What was the average starting salary of master’s degree recipients?', category: 'absent', pages: [] },
  ]),
  ...on('us-027', [
    { question: 'How many postsecondary Title IV institutions were there in 2006-07?', category: 'verbatim', num: 6563, pages: [1] },
    { question: 'How many two-year colleges were there?', category: 'paraphrased', num: 1685, pages: [1] },
    { question: 'How many students were enrolled in fall 2006?', category: 'number', num: 17.8e6, tol: 1e5, pages: [1] },
    { question: 'What percentage of students were female?', category: 'number', num: 57.3, pages: [2] },
    { question: 'How many students aged 20-21 were enrolled?', category: 'table', num: 3648000, pages: [2] },
    { question: 'What percent of enrolled students were over 35?', category: 'table', num: 17.5, pages: [2] },
    { question: 'What percent of employees worked part-time?', category: 'number', num: 36, pages: [2] },
    { question: 'When was the Clery Act given its name?', category: 'paraphrased', any: ['1998'], pages: [2] },
    { question: 'What does the 2008 amendment require colleges to do when an emergency is confirmed?', category: 'paraphrased', any: ['immediately notify'], pages: [2] },
    { question: 'How many robberies were reported in 2007?', category: 'table', num: 4985, pages: [3] },
    { question: 'How many arsons were reported in total from 2005 to 2008?', category: 'table', num: 4045, pages: [3] },
    { question: 'What share of reported crimes were aggravated assaults?', category: 'number', num: 9.2, pages: [3] },
    { question: 'Of the 174 murders, how many happened on campus and how many of those in residence halls?', category: 'two-part', parts: [['80'], ['13']], pages: [3] },
    { question: 'Are the reported crimes limited to those committed by students or employees?', category: 'yes-no', yesNo: 'no', pages: [3] },
    { question: 'From what date could an incident be included in the study?', category: 'verbatim', any: ['1900'], pages: [4] },
    { question: 'How many campus murders were reported in 2009?', category: 'absent', pages: [] },
    { question: 'What was the average tuition at four-year colleges?', category: 'absent', pages: [] },
  ]),
  ...on('us-032', [
    { question: 'What are examples of area sources of air toxics?', category: 'verbatim', any: ['dry cleaners'], pages: [1] },
    { question: 'How much must a facility emit of one air toxic to be a major source?', category: 'table', any: ['10 tons'], pages: [1] },
    { question: 'What are examples of non-road sources?', category: 'table', any: ['construction'], pages: [1] },
    { question: 'How many Americans lived where the lifetime cancer risk from air toxics was above 1 in 10,000?', category: 'number', num: 2e6, pages: [1] },
    { question: 'Which year of emissions data was the latest EPA assessment based on?', category: 'paraphrased', any: ['2002'], pages: [1] },
    { question: 'What does NATA stand for?', category: 'verbatim', any: ['National-Scale Air Toxics Assessments', 'National-Scale Air Toxics Assessment'], pages: [1] },
    { question: 'Are forest fires a source of air toxics?', category: 'yes-no', yesNo: 'yes', pages: [1] },
    { question: 'Which sensitive groups are exposed to emissions in urban areas?', category: 'two-part', parts: [['children'], ['elderly']], pages: [1] },
    { question: 'What is the source of Table 1-1?', category: 'verbatim', any: ['OIG'], pages: [1] },
    { question: 'How many tons of air toxics did refineries emit in 2002?', category: 'absent', pages: [] },
  ]),
  ...on('us-036', [
    { question: 'What was the average cost of textbooks at four-year public colleges in 2009-10?', category: 'number', num: 1122, pages: [2] },
    { question: 'Where can I search for tuition costs at different colleges?', category: 'verbatim', any: ['www.studentaid.ed.gov/myfsa'], pages: [2] },
    { question: 'What do fees include?', category: 'table', any: ['activity fees'], pages: [2] },
    { question: 'Besides travel, what other expenses can there be?', category: 'table', any: ['clothing'], pages: [2] },
    { question: 'What does Table 1 describe?', category: 'verbatim', any: ['college costs'], pages: [2] },
    { question: 'How much federal student aid do students and parents receive every year?', category: 'number', num: 150e9, pages: [3] },
    { question: 'Who is the main provider of financial aid for college?', category: 'paraphrased', any: ['federal government'], pages: [3] },
    { question: 'Do grants have to be repaid?', category: 'yes-no', yesNo: 'no', pages: [3] },
    { question: 'Why should I consider a loan from the federal government?', category: 'paraphrased', any: ['lower interest rates'], pages: [3] },
    { question: 'Why does this publication focus on loans?', category: 'paraphrased', any: ['largest source'], pages: [3] },
    { question: 'What is work-study?', category: 'verbatim', any: ['money you earn to pay for your education'], pages: [3] },
    { question: 'What is the interest rate on federal student loans?', category: 'absent', pages: [] },
    { question: 'How much is the maximum Pell Grant?', category: 'absent', pages: [] },
  ]),
];
