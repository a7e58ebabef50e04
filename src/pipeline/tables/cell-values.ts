// Typed values of table cells for spreadsheets: numbers (thousands separators, decimals,
// currency, accounting negatives), percentages and dates, each with the number format that shows
// it as printed. Anything else, and what only looks like a number (codes with leading zeros, digit
// strings too long for a double), stays text.

export type CellValue =
  | { kind: 'number'; value: number; format: string }
  | { kind: 'date'; value: Date; format: string }
  | { kind: 'text' };

/** Day/month order of a column's slash dates, when its dates tell. */
export type DateOrder = 'mdy' | 'dmy';

const NUMBER = /^(\()?([-+\u2212])?\s*([$€£¥])?\s*([-+\u2212])?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(%)?(\))?$/u;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** Doubles hold 15 significant digits exactly; longer digit strings are identifiers. */
const MAX_DIGITS = 15;

function numberOf(text: string): CellValue {
  const m = NUMBER.exec(text);
  if (!m) return { kind: 'text' };
  const [, open, sign1, currency, sign2, int, frac, percent, close] = m;
  if (!!open !== !!close || (sign1 && sign2)) return { kind: 'text' };
  const digits = int!.replace(/,/g, '');
  if (digits.length > 1 && digits.startsWith('0') && !int!.includes(',')) return { kind: 'text' }; // 0085…: a code
  if (digits.length + (frac ? frac.length - 1 : 0) > MAX_DIGITS) return { kind: 'text' };
  const negative = !!open || sign1 === '-' || sign1 === '\u2212' || sign2 === '-' || sign2 === '\u2212';
  let value = Number(`${digits}${frac ?? ''}`) * (negative ? -1 : 1);
  let body = `${int!.includes(',') ? '#,##0' : '0'}${frac ? `.${'0'.repeat(frac.length - 1)}` : ''}`;
  if (percent) {
    value /= 100;
    body += '%';
  }
  if (currency) body = `"${currency}${/\s/.test(text.slice(text.indexOf(currency) + 1, text.indexOf(currency) + 2)) ? ' ' : ''}"${body}`;
  return { kind: 'number', value, format: open ? `${body};(${body})` : body };
}

function dateOf(text: string, order: DateOrder | undefined): CellValue {
  let y: number;
  let mo: number;
  let d: number;
  let format: string;
  const iso = ISO_DATE.exec(text);
  const slash = SLASH_DATE.exec(text);
  if (iso) {
    [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    format = 'yyyy-mm-dd';
  } else if (slash && order) {
    const [a, b] = [Number(slash[1]), Number(slash[2])];
    [mo, d] = order === 'mdy' ? [a, b] : [b, a];
    y = Number(slash[3]);
    format = order === 'mdy' ? 'mm/dd/yyyy' : 'dd/mm/yyyy';
  } else return { kind: 'text' };
  const value = new Date(Date.UTC(y, mo - 1, d));
  if (value.getUTCMonth() !== mo - 1 || value.getUTCDate() !== d) return { kind: 'text' }; // 02/30, 13/13
  return { kind: 'date', value, format };
}

/** The value of a cell's text; slash dates need their column's order (dateOrderOf). */
export function cellValue(text: string, order?: DateOrder): CellValue {
  const t = text.normalize('NFKC').trim();
  if (!t || t.includes('\n')) return { kind: 'text' };
  const n = numberOf(t);
  return n.kind === 'number' ? n : dateOf(t, order);
}

/**
 * Day/month order of a column's slash dates: day first when some first part exceeds 12, month
 * first when some second part does; undefined when they never tell or disagree (kept as text).
 */
export function dateOrderOf(texts: string[]): DateOrder | undefined {
  let dmy = false;
  let mdy = false;
  for (const t of texts) {
    const m = SLASH_DATE.exec(t.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) dmy = true;
    if (Number(m[2]) > 12) mdy = true;
  }
  return dmy === mdy ? undefined : dmy ? 'dmy' : 'mdy';
}
