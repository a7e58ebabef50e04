// Fifth training split of eval/qa-real.ts (issue 15ak): questions written by hand, after reading
// `pdftotext -layout` and BEFORE any engine answer was seen, on real PDFs that neither the blind
// sets (questions.ts, held2.ts) nor train.ts .. train4.ts use, in the words a user would type.
// Kinds: a zoonoses report with a country-by-origin table (eu-016); a student survey with a
// frequency table whose headers run over two lines ("In the last / month", "More than / a year")
// (eu-022) and a feelings table (eu-023); an evaluation report with sub-rows of the same name
// under cohort rows and a three-line header (us-008); an annual report whose table header has the
// milestone and its date on two lines and row labels wrapped over two lines (us-010); survey
// exhibits with "(n = 469)" under the column names (us-014); a population table with a banded
// header (race over Male / Female) and two proportion tables (us-033); census tables with
// merged multi-line headers and a three-times-side-by-side age table (us-035a).
import type { RealDoc, RealQuestion } from './questions.js';

const EU = 'icdar2013/competition-dataset-eu';
const US = 'icdar2013/competition-dataset-us';

export const TRAIN5_DOCS: RealDoc[] = [
  { id: 'eu-016', file: `${EU}/eu-016.pdf`, kind: 'zoonoses report + origin table' },
  { id: 'eu-022', file: `${EU}/eu-022.pdf`, kind: 'survey, two-line headers' },
  { id: 'eu-023', file: `${EU}/eu-023.pdf`, kind: 'survey prose + feelings table' },
  { id: 'us-008', file: `${US}/us-008.pdf`, kind: 'evaluation, cohort sub-rows' },
  { id: 'us-010', file: `${US}/us-010.pdf`, kind: 'annual report, dated headers' },
  { id: 'us-014', file: `${US}/us-014.pdf`, kind: 'survey exhibits + prose' },
  { id: 'us-033', file: `${US}/us-033.pdf`, kind: 'population, banded header' },
  { id: 'us-035a', file: `${US}/us-035a.pdf`, kind: 'census tables, merged headers' },
];

type Q = Omit<RealQuestion, 'doc'>;
const on = (doc: string, qs: Q[]): RealQuestion[] => qs.map((q) => ({ ...q, doc }));

export const TRAIN5_QUESTIONS: RealQuestion[] = [
  ...on('eu-016', [
    { question: 'For what share of Salmonella cases was the age of the patient known?', category: 'number', num: 86.3, pages: [1] },
    { question: 'Which age group had the highest Salmonella notification rate?', category: 'paraphrased', any: ['0 to 4', '0-4'], pages: [1] },
    { question: 'What was the notification rate for children under five?', category: 'number', num: 125.4, pages: [1] },
    { question: 'Why do Salmonella cases peak in summer and autumn?', category: 'paraphrased', any: ['temperature'], pages: [2] },
    { question: 'Which serovar shows the strongest summer peak?', category: 'paraphrased', any: ['Enteritidis'], pages: [2] },
    { question: 'What share of Salmonella cases were acquired at home in 2006 and in 2007?', category: 'two-part', parts: [['63.5'], ['65.1']], pages: [2] },
    { question: 'What proportion of cases were imported in 2007?', category: 'number', num: 7.9, pages: [2, 3] },
    { question: "What share of Finland's cases were imported?", category: 'table', num: 83.0, pages: [3] },
    { question: 'How many salmonellosis cases did Germany report?', category: 'table', num: 55400, pages: [3] },
    { question: "What percentage of the UK's cases had an unknown origin?", category: 'table', num: 54.6, pages: [3] },
    { question: 'Which Nordic countries reported the most travel-related cases?', category: 'two-part', parts: [['Finland'], ['Sweden'], ['Norway'], ['Iceland']], pages: [2] },
    { question: 'How many people died of salmonellosis in 2007?', category: 'absent', pages: [] },
    { question: 'What was the Salmonella notification rate in Greece?', category: 'absent', pages: [] },
  ]),
  ...on('eu-022', [
    { question: 'What share of students took drugs in the past month?', category: 'number', num: 10.1, pages: [1] },
    { question: 'Which illegal drug do university students use the most?', category: 'paraphrased', any: ['Cannabis'], pages: [1] },
    { question: 'What percentage of respondents have ever smoked cannabis?', category: 'number', num: 19.9, pages: [1] },
    { question: 'How many students used cocaine in the past year, and in the past month?', category: 'two-part', parts: [['6%', '6 %', '6'], ['4.4']], pages: [1] },
    { question: 'Are men more likely than women to use illicit drugs?', category: 'yes-no', yesNo: 'yes', pages: [1] },
    { question: 'What percentage of students never used ecstasy?', category: 'table', num: 94.0, pages: [2] },
    { question: 'What percentage last took LSD more than a year ago?', category: 'table', num: 1.4, pages: [2] },
    { question: 'What share of students have never tried magic mushrooms?', category: 'table', num: 96.3, pages: [2] },
    { question: 'How often do most drug users take drugs?', category: 'paraphrased', any: ['twice monthly', 'at most twice'], pages: [3] },
    { question: 'What share of drug users take them every day?', category: 'number', num: 8, pages: [3] },
    { question: 'What share of students smoke tobacco daily?', category: 'absent', pages: [] },
    { question: 'How much do students spend on drugs per month?', category: 'absent', pages: [] },
  ]),
  ...on('eu-023', [
    { question: 'What share of participants feel happy and in control of their lives?', category: 'number', num: 65, pages: [1] },
    { question: 'What percent never have these positive feelings?', category: 'number', num: 5, pages: [1] },
    { question: 'What range can the well-being mean score take?', category: 'paraphrased', any: ['0 to 4', '0-4'], pages: [1] },
    { question: 'Who has a higher positive well-being score, men or women?', category: 'paraphrased', any: ['male', 'males'], pages: [1] },
    { question: 'Are the lower well-being scores of first-year and single students significant?', category: 'yes-no', yesNo: 'no', pages: [1] },
    { question: 'What share of students often feel left out?', category: 'table', num: 19.9, pages: [3] },
    { question: 'What percentage never feel tense and stressed out?', category: 'table', num: 3.1, pages: [3] },
    { question: 'What percentage sometimes feel hopeless?', category: 'table', num: 43.5, pages: [3] },
    { question: 'What percentage of students often feel exhausted?', category: 'table', num: 58.5, tol: 1.5, pages: [3] },
    { question: "Which faculty's students feel the most exhausted and stressed?", category: 'paraphrased', any: ['Civil science'], pages: [3] },
    { question: 'Do negative well-being scores differ significantly by faculty?', category: 'yes-no', yesNo: 'no', pages: [3] },
    { question: 'What share of students sleep less than six hours?', category: 'absent', pages: [] },
  ]),
  ...on('us-008', [
    { question: 'How many children were randomly assigned in total?', category: 'number', num: 4667, pages: [1] },
    { question: 'How many 4-year-olds were in the control group?', category: 'table', num: 855, pages: [1] },
    { question: 'How many three-year-olds were assigned to Head Start?', category: 'table', num: 1530, pages: [1] },
    { question: 'What share of the sample went to the control group?', category: 'number', num: 40, pages: [1] },
    { question: 'How much does the unbalanced design cost in precision?', category: 'paraphrased', any: ['less than two percent'], pages: [1] },
    { question: 'What are control group children who enrolled in Head Start anyway called?', category: 'paraphrased', any: ['crossovers'], pages: [1] },
    { question: 'What were the no-show rates of the 3- and 4-year-old cohorts?', category: 'two-part', parts: [['15'], ['20']], pages: [2] },
    { question: 'Was information on study participants shared with programs outside the study?', category: 'yes-no', yesNo: 'no', pages: [2] },
    { question: 'What percentage of the 4-year-old control group took part in Head Start in year 1?', category: 'table', num: 13.9, pages: [3] },
    { question: 'When did data collection start and end?', category: 'two-part', parts: [['2002'], ['2008']], pages: [3] },
    { question: 'How long does the child assessment battery take?', category: 'paraphrased', parts: [['45'], ['60']], pages: [3] },
    { question: 'In which languages could parents be interviewed?', category: 'two-part', parts: [['English'], ['Spanish']], pages: [3] },
    { question: 'How much does Head Start cost per child?', category: 'absent', pages: [] },
    { question: 'How many Head Start centers took part in the study?', category: 'absent', pages: [] },
  ]),
  ...on('us-010', [
    { question: 'When was the U.S. National Action Plan presented?', category: 'paraphrased', any: ['September 20, 2011'], pages: [1] },
    { question: 'What does challenge.gov let agencies do?', category: 'paraphrased', any: ['solicit innovative ideas'], pages: [1] },
    { question: 'How many data sets were available on Data.gov at launch?', category: 'table', num: 47, pages: [2] },
    { question: 'How many data sets were available on September 30, 2011?', category: 'table', num: 389933, pages: [2] },
    { question: 'How many applications had the public and government built after one year?', category: 'table', num: 237, pages: [2] },
    { question: 'How many data set downloads were there by September 2011?', category: 'table', num: 2348928, pages: [2] },
    { question: 'How many nations had set up open data sites by fiscal 2010?', category: 'table', num: 21, pages: [2] },
    { question: 'When was Data.gov launched?', category: 'paraphrased', any: ['May 21, 2009'], pages: [2] },
    { question: 'How many Data.gov communities are there today, and how many more are expected?', category: 'two-part', parts: [['6'], ['4']], pages: [3] },
    { question: 'What savings could the communities bring?', category: 'number', num: 5.5, pages: [3] },
    { question: 'Which country is working with the United States on Data.gov-in-a-Box?', category: 'paraphrased', any: ['India'], pages: [3] },
    { question: 'When should Data.gov-in-a-Box become available?', category: 'paraphrased', any: ['early 2012', '2012'], pages: [3] },
    { question: 'What was the budget of Data.gov in FY 2011?', category: 'absent', pages: [] },
    { question: 'How many visitors did Data.gov have in 2011?', category: 'absent', pages: [] },
  ]),
  ...on('us-014', [
    { question: 'How many states had accountability requirements beyond NCLB by 2006-07?', category: 'number', num: 27, pages: [1] },
    { question: 'How many states added new accountability provisions after NCLB?', category: 'number', num: 6, pages: [1] },
    { question: 'How many state programs relied on growth measures?', category: 'number', num: 15, pages: [1] },
    { question: 'What kinds of school ratings did state programs use instead of those of NCLB?', category: 'paraphrased', any: ['letter grades'], pages: [1] },
    { question: 'What share of schools identified for improvement under NCLB were rated high-performing by their state?', category: 'number', num: 2, pages: [2] },
    { question: 'Were conflicting designations of high- and low-performing schools common?', category: 'yes-no', yesNo: 'no', pages: [2] },
    { question: 'What share of schools not identified under NCLB had no special designation?', category: 'table', num: 33, pages: [2] },
    { question: 'What percent of identified schools had no system other than NCLB?', category: 'table', num: 39, pages: [2] },
    { question: 'How many schools identified for improvement answered the survey?', category: 'table', num: 469, pages: [2] },
    { question: 'What share of districts agree that the dual system reduces community support for public schools?', category: 'table', num: 23, pages: [3] },
    { question: 'What share of districts and of schools said the extra system confused staff about targets?', category: 'two-part', parts: [['46'], ['37']], pages: [3] },
    { question: 'How much Title I funding did the states receive?', category: 'absent', pages: [] },
    { question: 'Which state was the first to adopt growth measures?', category: 'absent', pages: [] },
  ]),
  ...on('us-033', [
    { question: 'How many non-Hispanic black females aged 20-29 are in the population totals?', category: 'table', num: 2776284, pages: [1] },
    { question: 'What is the total population aged 12-19?', category: 'table', num: 28381514, pages: [1] },
    { question: 'How many Mexican American boys aged 6-11 are there?', category: 'table', num: 998192, pages: [1] },
    { question: 'How many non-Hispanic white females are there across all ages?', category: 'table', num: 94823234, pages: [1] },
    { question: 'Which years does the NHANES III sample cover?', category: 'paraphrased', any: ['1988-94'], pages: [1] },
    { question: 'Which census gives the standard population for age adjustment?', category: 'paraphrased', any: ['1980'], pages: [2] },
    { question: 'What proportion should be used for ages 40-49 in analyses of adults?', category: 'table', num: 0.1477, pages: [2] },
    { question: 'What proportion is used for the 60-74 age group in trends analyses?', category: 'table', num: 0.1781, pages: [2] },
    { question: 'Which SUDAAN statements take these proportions?', category: 'two-part', parts: [['STDVAR'], ['STDWGT']], pages: [2] },
    { question: 'Which population group is much younger than the others?', category: 'paraphrased', any: ['Mexican-American', 'Mexican American'], pages: [3] },
    { question: 'Should age-specific estimates be reported alongside age-adjusted ones when possible?', category: 'yes-no', yesNo: 'yes', pages: [3] },
    { question: 'What is the average body weight of adult men?', category: 'absent', pages: [] },
  ]),
  ...on('us-035a', [
    { question: 'Who should users ask for help when the methods are unclear?', category: 'paraphrased', any: ['expert survey statisticians'], pages: [1] },
    { question: 'Can standard analyses based on simple random sampling be applied directly to complex samples?', category: 'yes-no', yesNo: 'no', pages: [1] },
    { question: 'What proportion of the 1980 population was aged 12-19?', category: 'table', num: 0.1418, pages: [2] },
    { question: 'How many people aged 30 to 39 lived in the U.S. in 1980?', category: 'table', num: 31526222, pages: [2] },
    { question: 'What share of adults 20 and over were 50-59 years old?', category: 'table', num: 0.1514, pages: [2] },
    { question: 'What was the total 1980 civilian noninstitutionalized population?', category: 'number', num: 226545805, pages: [2, 3] },
    { question: 'How many 45-year-olds were there in 1980?', category: 'table', num: 2242318, pages: [3] },
    { question: 'How many people were interviewed but not examined?', category: 'table', num: 2683, pages: [4] },
    { question: 'What was the weighted percentage of people not interviewed?', category: 'table', num: 18.2, pages: [4] },
    { question: 'How many people were examined in the MEC, and how many at home?', category: 'two-part', parts: [['30818', '30,818'], ['493']], pages: [4] },
    { question: 'What was the total sample size?', category: 'number', num: 39695, pages: [4] },
    { question: 'What was the examination response rate for children under 5?', category: 'absent', pages: [] },
    { question: 'What was the population in the 1990 Census?', category: 'absent', pages: [] },
  ]),
];
