// A short excerpt of a chunk around its first word that matches a query term (by prefix, so the
// stemmed forms the index matched are found too).
import { queryTerms } from './terms.js';

const WIDTH = 240;

export function snippetOf(text: string, query: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= WIDTH) return flat;
  const lower = flat.toLowerCase();
  let at = -1;
  for (const term of queryTerms(query)) {
    // Stems: "regions" matched "region"; look for the term's first 5 characters at a word start.
    const stem = term.slice(0, Math.max(4, Math.min(term.length, 5)));
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u');
    const m = re.exec(lower);
    if (m && (at < 0 || m.index < at)) at = m.index;
  }
  const start = at < 0 ? 0 : Math.max(0, at - WIDTH / 3);
  const end = Math.min(flat.length, start + WIDTH);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}
