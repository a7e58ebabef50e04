// A page's type for statistics, from how its text was read and its layout regions:
//   empty   - no text and no regions;
//   scanned - text came from OCR (no usable PDF text layer), unless tables/figures dominate;
//   table / figure - tables (or figures) cover at least half of the area of all regions;
//   mixed   - tables and figures together cover at least half, neither alone does;
//   text    - otherwise (prose from a text layer).
export type PageType = 'text' | 'scanned' | 'table' | 'figure' | 'mixed' | 'empty';

interface Region {
  kind?: unknown;
  bbox?: unknown;
}

const area = (b: unknown): number =>
  Array.isArray(b) && b.length === 4 && b.every((v) => typeof v === 'number')
    ? Math.max(0, (b[2] as number) - (b[0] as number)) * Math.max(0, (b[3] as number) - (b[1] as number))
    : 0;

export function pageType(page: { text_source: string; text: string; layout: string }): PageType {
  let regions: Region[] = [];
  try {
    const v: unknown = JSON.parse(page.layout);
    if (Array.isArray(v)) regions = v as Region[];
  } catch {
    regions = [];
  }
  if (page.text.trim() === '' && regions.length === 0) return 'empty';
  let total = 0;
  let tables = 0;
  let figures = 0;
  for (const r of regions) {
    const a = area(r.bbox);
    total += a;
    if (r.kind === 'table') tables += a;
    if (r.kind === 'figure') figures += a;
  }
  if (total > 0) {
    if (tables >= total / 2) return 'table';
    if (figures >= total / 2) return 'figure';
    if (tables + figures >= total / 2) return 'mixed';
  }
  return page.text_source === 'ocr' ? 'scanned' : 'text';
}
