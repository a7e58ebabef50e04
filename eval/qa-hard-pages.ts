// Lines of text laid out top to bottom on PDF pages for the generated QA documents (docs8, docs9):
// a new page when one is full; the spacing is each set's own, so their PDFs stay as they were.
import { helveticaWidth, textAt } from '../test/fixtures/pdf-builder.js';

export interface PageSpacing {
  top: number;
  bottom: number;
  /** Baseline step of a body line. */
  gap: number;
  /** Extra step after a title line (size above 10). */
  titleExtra: number;
  /** Height a line is reckoned at when asking for room. */
  needStep: number;
}

/** Lines of text on pages; `need` keeps a paragraph or table on one page. */
export class LinePages {
  readonly pages: string[][] = [[]];
  private y: number;
  constructor(private readonly s: PageSpacing) {
    this.y = s.top;
  }
  line(text: string, size = 10): number {
    if (this.y < this.s.bottom) this.newPage();
    this.pages.at(-1)!.push(textAt(72, this.y, size, text));
    this.y -= size > 10 ? this.s.gap + this.s.titleExtra : this.s.gap;
    return this.pages.length;
  }
  newPage(): void {
    this.pages.push([]);
    this.y = this.s.top;
  }
  need(lines: number): void {
    if (this.y - lines * this.s.needStep < this.s.bottom) this.newPage();
  }
  gap(): void {
    this.y -= 6;
  }
  /** A captioned table, each column as wide as its widest text plus a gutter. */
  table(caption: string, rows: string[][]): number {
    this.need(rows.length + 3);
    this.y -= 4;
    const page = this.line(caption, 11);
    const xs = [72];
    for (let k = 1; k < rows[0]!.length; k++) xs.push(xs[k - 1]! + Math.max(...rows.map((r) => helveticaWidth(r[k - 1]!, 9))) + 22);
    rows.forEach((r, i) => {
      r.forEach((v, k) => this.pages.at(-1)!.push(textAt(Math.round(xs[k]!), this.y, 9, v)));
      this.y -= i === 0 ? 18 : 16;
    });
    this.y -= 10;
    return page;
  }
}
