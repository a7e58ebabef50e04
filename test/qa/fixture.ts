// A one-page report with a fact in running text, a table and a bar chart (value labels over
// the bars, category labels under them), built in code so the expected answers are known.
import { buildPdf, rect, textAt } from '../fixtures/pdf-builder.js';

export function reportPdf(): Buffer {
  let c = textAt(72, 740, 14, 'Annual report of Zorbania Mining');
  c += textAt(72, 710, 10, 'The capital of Zorbania is Quellport. The mine employs 412 workers.');
  c += textAt(72, 694, 10, 'Output rose sharply during the year under review, helped by new equipment.');
  c += textAt(72, 650, 11, 'Table 1: Ore output by site (tonnes)');
  ['Site', 'Q1', 'Q2', 'Q3', 'Q4'].forEach((h, i) => (c += textAt(72 + i * 90, 630, 10, h)));
  const rows: Array<[string, ...number[]]> = [
    ['North Pit', 120, 340, 560, 780],
    ['East Shaft', 15, 25, 35, 45],
  ];
  rows.forEach((r, j) => r.forEach((v, i) => (c += textAt(72 + i * 90, 612 - j * 18, 10, String(v)))));
  c += textAt(72, 500, 11, 'Figure 2: Staff by region');
  const bars: Array<[string, number]> = [['Alpha', 87], ['Beta', 45], ['Gamma', 62]];
  bars.forEach(([label, v], i) => {
    c += rect(100 + i * 80, 300, 40, v * 2);
    c += textAt(100 + i * 80, 300 + v * 2 + 4, 9, String(v));
    c += textAt(100 + i * 80, 288, 9, label);
  });
  return buildPdf([{ content: c }, { content: textAt(72, 700, 10, 'Safety: the mine recorded 3 incidents in the second half.') }]);
}

/** GET /questions/{id} as the tests read it. */
export interface Evidence {
  id: number;
  question_id: number;
  evidence: string;
  reasoning: string;
  sequence_number: number;
  document_id: string;
  page_number: number | null;
  bboxes: number[][] | null;
}
export interface QuestionBody {
  id: number;
  thread_id: number;
  user_id: string;
  question_text: string;
  documents: Array<{ id: string }>;
  plan: { sub_questions: string[]; search_terms: string[] } | null;
  evidences: Evidence[];
  final_answer: { text: string; citations: number[]; supported: boolean; not_found: boolean; engine: string; model: string | null } | null;
  current_state: string;
  num_chunks: number;
  num_chunks_processed: number;
  llm_provider: string;
  job_status_id: string;
}
