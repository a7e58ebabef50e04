// Questions that ask what a term means ("What does RPK stand for?", "What is a Likert scale?",
// "What is meant by load factor?") and the lines of real documents that define one: a key or
// glossary line ("RPK = revenue passenger kilometers", "TERM — meaning", "TERM: meaning"), a
// definitions table read as "TERM, Description: meaning", a sentence "TERM means / refers to /
// stands for meaning", or an expansion written before the abbreviation in parentheses
// ("revenue passenger kilometers (RPK)"). The meaning is the answer; a line that merely mentions
// the term is not a definition of it.

/** The term a question asks the meaning of, or null when it asks something else. */
export function glossaryTerm(question: string): string | null {
  const q = question.trim().replace(/[?.!]+$/, '').trim();
  const patterns = [
    /^what\s+(?:does|do|did)\s+(?:the\s+)?(?:term\s+|abbreviation\s+|acronym\s+)?(.+?)\s+(?:stand\s+for|mean|refer\s+to|denote)$/i,
    /^what\s+(?:is|are)\s+meant\s+by\s+(?:the\s+)?(?:term\s+)?(.+)$/i,
    /^what\s+is\s+the\s+(?:meaning|definition)\s+of\s+(?:the\s+)?(?:term\s+)?(.+)$/i,
    /^(?:define|explain\s+the\s+term)\s+(?:the\s+)?(.+)$/i,
    // "What is a Likert scale?": an indefinite article asks what kind of thing it is.
    /^what\s+(?:is|are)\s+(?:a|an)\s+(.+)$/i,
  ];
  for (const re of patterns) {
    const term = re.exec(q)?.[1]?.trim().replace(/^["'“‘]|["'”’]$/g, '').replace(/^(?:a|an)\s+/i, '');
    // A term is a short phrase (a name, an abbreviation or a few words), not a clause.
    if (term && term.split(/\s+/).length <= 5 && !/\b(?:of|for|in|on|at|by|with|from|that|which|who)\b/i.test(term)) return term;
  }
  return null;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
/** The term's words with any run of spaces, hyphens or slashes between them. */
const termPattern = (term: string): string => term.split(/[\s-]+/).map(escape).join(String.raw`[\s-]+`);

/** Columns of a definitions table. */
const MEANING_COLUMN = /^(?:description|definition|meaning|explanation|means|defined as)$/i;

/** At most this many words of a meaning: a definition, not the paragraph after it. */
const MAX_WORDS = 30;

const clip = (meaning: string): string | null => {
  const m = meaning.trim().replace(/[.;,]\s*$/, '');
  if (!/[\p{L}]/u.test(m)) return null;
  const words = m.split(/\s+/);
  return words.length > MAX_WORDS ? words.slice(0, MAX_WORDS).join(' ') : m;
};

/** The capitals of an abbreviation ("RPK", "L/F" -> "lf"). */
const initialsOf = (term: string): string | null => {
  const caps = term.replace(/[/.&-]/g, '');
  return /^[A-Z]{2,8}s?$/.test(caps) ? caps.replace(/s$/, '').toLowerCase() : null;
};

/**
 * What `text` defines `term` as, or null when it does not define it. The term must open the line
 * (a parenthesised short form after it allowed: "Visual analog scale (VAS)"), followed by "=",
 * a dash, a colon, a definitions column or a defining verb; or, for an abbreviation, the words
 * whose initials it is must stand right before it in parentheses.
 */
export function glossaryEntry(term: string, text: string): string | null {
  const t = text.trim().replace(/^[•·▪\-–—*]\s*/, '');
  const head = String.raw`^(?:the\s+)?${termPattern(term)}(?:\s*\([^)]{1,20}\))?`;
  const sep = new RegExp(String.raw`${head}\s*(?:=|:|\s[–—-]\s|,\s*(?:[A-Za-z ]+):\s)\s*(.+)$`, 'i').exec(t);
  if (sep?.[1]) {
    // "TERM, Column: value": only a definitions column holds a meaning.
    const column = new RegExp(String.raw`${head}\s*,\s*([A-Za-z ]+):\s`, 'i').exec(t)?.[1];
    if (column === undefined || MEANING_COLUMN.test(column.trim())) {
      // "L/F = load factor = RPK÷ASK": the first meaning.
      return clip(sep[1].split(/\s=\s/)[0]!);
    }
  }
  const verb = new RegExp(String.raw`${head}\s+(?:means|refers\s+to|stands\s+for|denotes|is\s+defined\s+as|is\s+short\s+for)\s+(.+)$`, 'i').exec(t);
  if (verb?.[1]) return clip(verb[1]);
  const initials = initialsOf(term);
  // A key printed as columns ("PBUK   UK Pocketbook"): the short form, then a few capitalised words and nothing else.
  const key = initials ? new RegExp(String.raw`^${escape(term)}\s+([A-Z][\p{L}\p{N}&'’.-]*(?:\s+[\p{L}\p{N}&'’.-]+){0,5})$`, 'u').exec(t) : null;
  if (key?.[1] && !/[.!?]$/.test(key[1]) && !key[1].split(/\s+/).includes(term)) return clip(key[1]);
  if (initials) {
    // "... revenue passenger kilometers (RPK) ...": the words before the parenthesis whose initials spell it.
    // "(NATAs)": the plural of the short form.
    const at = new RegExp(String.raw`\(\s*${escape(term)}s?\s*\)`).exec(t);
    if (at) {
      const before = t.slice(0, at.index).trim().split(/\s+/);
      const words = before.slice(-initials.length);
      if (words.length === initials.length && words.map((w) => w[0]?.toLowerCase()).join('') === initials) return clip(words.join(' '));
    }
  }
  return null;
}

/** The meaning `text` gives for the term `question` asks about, or null (not such a question, or no definition of it). */
export function glossaryAnswer(question: string, text: string): string | null {
  const term = glossaryTerm(question);
  return term === null ? null : glossaryEntry(term, text);
}
