// A table value's own row and column name its year ("Connecticut, 2013–14: 35,540"); its caption may
// name the table's whole span ("School years 2003–04 through 2021–22"). A question about 2003–04 is
// not answered by a value whose own labels name only other years: the caption's range says nothing
// of which column the asked year is in.

const YEAR = /\b(?:1[5-9]|20)\d\d\b/g;

/** Years said in a "row, column: value" line's labels (before its last colon). */
function labelYears(line: string): Set<string> {
  const label = line.slice(0, Math.max(0, line.lastIndexOf(':')));
  return new Set(label.match(YEAR) ?? []);
}

/** Whether the cell's own labels name years, none of them a year the question asks about. */
export function otherYearsOnly(question: string, cellLine: string): boolean {
  const asked = new Set(question.match(YEAR) ?? []);
  if (asked.size === 0) return false;
  const own = labelYears(cellLine);
  return own.size > 0 && ![...asked].some((y) => own.has(y));
}
