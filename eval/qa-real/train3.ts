// Third training split of eval/qa-real.ts (issue 15x): questions written by hand, after reading
// `pdftotext -layout` and BEFORE any engine answer was seen, on real PDFs that neither the blind
// sets (questions.ts, held2.ts) nor train.ts / train2.ts use, in the words a user would type.
// Kinds: a report with charts, a correlation table whose rows are periods and columns countries,
// and a boxed text of amounts and dates (eu-011); guidance prose with a two-column reasons table
// (us-015); study findings in bullet prose with an effect-size exhibit (us-007).
// Smaller than train/train2 (36 questions): written in the last hour of a session.
import type { RealDoc, RealQuestion } from './questions.js';

const EU = 'icdar2013/competition-dataset-eu';
const US = 'icdar2013/competition-dataset-us';

export const TRAIN3_DOCS: RealDoc[] = [
  { id: 'eu-011', file: `${EU}/eu-011.pdf`, kind: 'report prose, charts, table' },
  { id: 'us-015', file: `${US}/us-015.pdf`, kind: 'guidance prose + reasons table' },
  { id: 'us-007', file: `${US}/us-007.pdf`, kind: 'findings bullets + exhibit' },
];

type Q = Omit<RealQuestion, 'doc'>;
const on = (doc: string, qs: Q[]): RealQuestion[] => qs.map((q) => ({ ...q, doc }));

export const TRAIN3_QUESTIONS: RealQuestion[] = [
  ...on('eu-011', [
    { question: 'When did the Greek CDS curve invert?', category: 'verbatim', any: ['mid-January'], pages: [1] },
    { question: 'How much can the European Commission borrow under the first element of the stabilisation plan?', category: 'paraphrased', any: ['EUR60bn', '60bn'], pages: [3] },
    { question: 'How much is the joint pledge to Euro area Members?', category: 'paraphrased', any: ['EUR440bn', '440bn'], pages: [3] },
    { question: 'When did European finance ministers unveil the EFSM?', category: 'paraphrased', any: ['10 May 2010'], pages: [3] },
    { question: 'Which article of the Lisbon Treaty is the mechanism based on?', category: 'verbatim', any: ['122.2'], pages: [3] },
    { question: 'What was the correlation for Greece in Q4 2009?', category: 'table', num: 0.7, pages: [3] },
    { question: 'What was the correlation coefficient for Portugal in Q1 2010?', category: 'table', num: 0.64, pages: [3] },
    { question: 'What was the correlation for France in Q1 2010?', category: 'table', num: 0.25, pages: [3] },
    { question: 'When will the EFSF expire?', category: 'paraphrased', any: ['three years'], pages: [4] },
    { question: 'By how much are the funds over-guaranteed?', category: 'number', num: 120, pages: [4] },
    { question: 'When did euro area finance ministers agree the terms of the EUR 440bn?', category: 'verbatim', any: ['7 June 2010'], pages: [4] },
    { question: 'Is the interest rate charged for loans known?', category: 'yes-no', yesNo: 'no', pages: [4] },
    { question: 'What is the source of the CDS spread figures?', category: 'verbatim', any: ['Bloomberg'], pages: [1, 2, 3] },
    { question: 'What was the interest rate charged on EFSF loans?', category: 'absent', pages: [] },
    { question: 'How much did Ireland borrow from the EFSF?', category: 'absent', pages: [] },
  ]),
  ...on('us-015', [
    { question: 'Which figure shows the conceptual framework of a PRO instrument?', category: 'verbatim', any: ['Figure 4'], pages: [1] },
    { question: 'What is an example of a concept that a single item can measure?', category: 'paraphrased', any: ['pain intensity'], pages: [1] },
    { question: 'Which table lists the reasons for changing items?', category: 'verbatim', any: ['Table 1'], pages: [2] },
    { question: 'What reason for change is given under reproducibility?', category: 'table', any: ['Unstable scores over time'], pages: [2] },
    { question: 'Are multidomain PRO instruments allowed to support claims about a general concept?', category: 'yes-no', yesNo: 'yes', pages: [1, 2] },
    { question: 'What are items in the diagram aggregated into?', category: 'paraphrased', any: ['domains'], pages: [1] },
    { question: 'How is the final framework confirmed?', category: 'paraphrased', any: ['measurement property testing'], pages: [1] },
    { question: 'How many patients were enrolled in the PRO study?', category: 'absent', pages: [] },
    { question: 'What is the deadline for submitting PRO instruments?', category: 'absent', pages: [] },
  ]),
  ...on('us-007', [
    { question: 'What was the effect size for Color Identification at age 4?', category: 'table', num: 0.16, pages: [2] },
    { question: 'What was the effect size of the Emergent Literacy Scale in the Head Start year?', category: 'table', num: 0.31, pages: [2] },
    { question: 'What was the effect size for Letter Naming?', category: 'table', num: 0.25, pages: [2] },
    { question: 'What p value marks a significant impact?', category: 'paraphrased', any: ['0.10'], pages: [2] },
    { question: 'What does NA mean in the exhibit?', category: 'verbatim', any: ['no data were collected'], pages: [2] },
    { question: 'How is the effect size calculated?', category: 'paraphrased', any: ['impact estimate divided by the standard deviation'], pages: [2] },
    { question: 'Were there impacts for 4-year-olds in the cognitive domain at the end of kindergarten?', category: 'yes-no', yesNo: 'no', pages: [1] },
    { question: 'How many outcomes related to language and literacy showed better skills for the 3-year-old cohort?', category: 'number', num: 5, pages: [1] },
    { question: 'On which test did Head Start children show more advanced math skills?', category: 'paraphrased', any: ['Applied Problems'], pages: [1] },
    { question: 'What did parents of the Head Start group report about grade promotion at the end of 3rd grade?', category: 'paraphrased', any: ['lower'], pages: [1] },
    { question: 'How many children were in the Head Start study?', category: 'absent', pages: [] },
    { question: 'What was the cost per child of Head Start?', category: 'absent', pages: [] },
  ]),
];
