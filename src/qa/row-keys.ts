// Which cells of a table row name the row: equipment lists put the asset's tag in any column
// ("Area | Hours | Equipment | ..."), so a value is read with every cell of its row that names a
// thing, not only with the first column. A key is a worded cell holding a letters-and-digits tag
// ("Chiller KM-2041", "P-101") or sitting under an identity header ("Tag", "Asset", "Equipment").
import { isNumeric } from '../providers/answer/text.js';

/** Headers of columns that name the row's thing. */
const IDENTITY_HEADER = /\b(?:tag|tags|asset|assets|equipment|unit|units|item|items|name|names|id|machine|machines|device|devices)\b/i;
/** A tag: letters then digits, with or without a hyphen ("KM-2041", "P-101", "B17"). */
const TAG = /\b[A-Za-z]{1,4}-?\d{1,5}[A-Za-z]?\b/;

/** Whether a body cell names its row (given its column header, when known). */
export function isRowKey(text: string, header = ''): boolean {
  const t = text.trim();
  if (t === '' || isNumeric(t) || !/^[A-Za-z]/.test(t) || t.split(/\s+/).length > 6) return false;
  return TAG.test(t) || IDENTITY_HEADER.test(header);
}
