// What text-pdf.ts lays out: the flat list of blocks that text, Markdown and HTML are read into.

export interface Block {
  kind: 'paragraph' | 'heading' | 'item' | 'code' | 'rule';
  /** '\n' is a forced line break, '\t' a table cell gap. */
  text: string;
  /** Nesting depth (lists, quotes). */
  indent: number;
  /** Heading level 1..6. */
  level?: number;
  /** List marker: '•' or '3.'. */
  bullet?: string;
  /** No space after the block (plain text lines, table rows). */
  tight?: boolean;
}

export const BULLET = '\u2022';
