// The names and numbers of a question ("Generator J-52"): what it is about. A question that also
// asks about properties in many words ("how long ... expected to last, and how heavy") ranks
// passages that share those words about other assets above the passages that name its own, so
// retrieval also ranks passages by the names alone and fuses the two rankings.

/** The question's capitalised words (not the first) and words with digits, as a query; '' when none. */
export function namesQuery(question: string): string {
  const words = question.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  return words.filter((w, i) => w !== '' && ((i > 0 && /^\p{Lu}/u.test(w)) || /\d/.test(w))).join(' ');
}
