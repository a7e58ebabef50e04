// "What is P-101?": a question that asks what a named thing is. It is answered by the statement
// that defines the name - the name as its subject, a copula and a noun phrase ("P-101 is a
// centrifugal pump.") - not by one that merely mentions it ("V-101 is connected to P-101 by a
// pipe.", where the name is the object and every sentence about it would match as well).

/** The name a definition question asks about ("What is P-101?" -> "P-101"), or null. */
export function definedName(question: string): string | null {
  const m = /^\s*what\s+(?:is|are|was|were)\s+(?:the\s+)?([A-Z0-9][\w./-]*(?:\s+[A-Z0-9][\w./-]*){0,3})\s*[?.!]*\s*$/i.exec(question);
  // A name: written with a capital or a digit (a tag), not an ordinary lower-case phrase.
  return m?.[1] && /[A-Z0-9]/.test(m[1]) ? m[1] : null;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** What the sentence defines the name as ("a Cooling water pump (centrifugal pump)"), or null when it does not define it. */
export function definitionOf(name: string, sentence: string): string | null {
  const m = new RegExp(String.raw`^(?:the\s+)?${escape(name)}\s+(?:is|are|was|were)\s+((?:a|an|the|one of)\s+.+?)\s*[.!]?$`, 'i').exec(sentence.trim());
  return m?.[1] ?? null;
}
