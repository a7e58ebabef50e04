// What PageLens ingests, and how an upload is recognised: by its bytes, never by its name.
// The file name only chooses between formats whose bytes are the same (Markdown vs plain text).
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

export type FormatKind = 'pdf' | 'image' | 'office' | 'text';

export interface Format {
  file_type: string;
  mime_type: string;
  extensions: string[];
  kind: FormatKind;
  /** Office formats are converted with LibreOffice and are accepted only when it is installed. */
  needs_libreoffice: boolean;
}

const office = (file_type: string, mime_type: string, extensions: string[]): Format => ({
  file_type,
  mime_type,
  extensions,
  kind: 'office',
  needs_libreoffice: true,
});
const plain = (file_type: string, mime_type: string, extensions: string[], kind: FormatKind): Format => ({
  file_type,
  mime_type,
  extensions,
  kind,
  needs_libreoffice: false,
});

export const FORMATS: readonly Format[] = [
  plain('pdf', 'application/pdf', ['pdf'], 'pdf'),
  plain('png', 'image/png', ['png'], 'image'),
  plain('jpeg', 'image/jpeg', ['jpg', 'jpeg'], 'image'),
  plain('tiff', 'image/tiff', ['tif', 'tiff'], 'image'),
  plain('webp', 'image/webp', ['webp'], 'image'),
  plain('gif', 'image/gif', ['gif'], 'image'),
  plain('bmp', 'image/bmp', ['bmp'], 'image'),
  office('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ['docx']),
  office('pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ['pptx']),
  office('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ['xlsx']),
  office('odt', 'application/vnd.oasis.opendocument.text', ['odt']),
  office('odp', 'application/vnd.oasis.opendocument.presentation', ['odp']),
  office('ods', 'application/vnd.oasis.opendocument.spreadsheet', ['ods']),
  office('rtf', 'application/rtf', ['rtf']),
  office('doc', 'application/msword', ['doc']),
  office('ppt', 'application/vnd.ms-powerpoint', ['ppt']),
  office('xls', 'application/vnd.ms-excel', ['xls']),
  plain('html', 'text/html', ['html', 'htm'], 'text'),
  plain('markdown', 'text/markdown', ['md', 'markdown'], 'text'),
  plain('text', 'text/plain', ['txt', 'text'], 'text'),
];

const byType = new Map(FORMATS.map((f) => [f.file_type, f]));

export function formatOf(fileType: string): Format | undefined {
  return byType.get(fileType);
}

/** The formats this server accepts now (Office ones only with LibreOffice present). */
export function availableFormats(libreofficeAvailable: boolean): Format[] {
  return FORMATS.filter((f) => libreofficeAvailable || !f.needs_libreoffice);
}

// file-type's names for the formats above.
const FILE_TYPE_EXT: Record<string, string> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  tif: 'tiff',
  webp: 'webp',
  gif: 'gif',
  bmp: 'bmp',
  docx: 'docx',
  pptx: 'pptx',
  xlsx: 'xlsx',
  odt: 'odt',
  odp: 'odp',
  ods: 'ods',
  rtf: 'rtf',
  doc: 'doc',
  ppt: 'ppt',
  xls: 'xls',
};

const extensionOf = (name: string): string => {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  return m?.[1]?.toLowerCase() ?? '';
};

// OLE compound files (.doc/.xls/.ppt) name their main stream in UTF-16LE in the directory.
const CFB_STREAMS: Array<[string, Buffer]> = [
  ['doc', Buffer.from('WordDocument', 'utf16le')],
  ['xls', Buffer.from('Workbook', 'utf16le')],
  ['xls', Buffer.from('Book', 'utf16le')],
  ['ppt', Buffer.from('PowerPoint Document', 'utf16le')],
];

async function sniffCompoundFile(filePath: string): Promise<string | undefined> {
  const handle = await open(filePath, 'r');
  try {
    const chunk = Buffer.alloc(1 << 20);
    const overlap = 64;
    let position = 0;
    let carry = Buffer.alloc(0);
    // Directory sectors may sit anywhere; 64 MiB of scanning is plenty for real Office files.
    while (position < 64 << 20) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      const window = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      for (const [type, marker] of CFB_STREAMS) if (window.includes(marker)) return type;
      carry = window.subarray(Math.max(0, window.length - overlap));
      position += bytesRead;
    }
    return undefined;
  } finally {
    await handle.close();
  }
}

async function readHead(filePath: string, size: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buf = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buf, 0, size, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  if (head.includes(0)) return false;
  // Decode strictly; a multi-byte character cut at the end of the sample is fine.
  for (let trim = 0; trim <= 3 && trim < head.length; trim++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - trim));
      break;
    } catch {
      if (trim === 3) return false;
    }
  }
  // Reject binary control characters other than tab, newline, form feed and carriage return.
  let control = 0;
  for (const b of head) if (b < 0x20 && b !== 9 && b !== 10 && b !== 12 && b !== 13) control++;
  return control / head.length < 0.01;
}

/** Detects the format of a stored upload; undefined when it is none of FORMATS. */
export async function sniffFile(filePath: string, originalName: string): Promise<Format | undefined> {
  const detected = await fileTypeFromFile(filePath);
  if (detected) {
    if (detected.ext === 'cfb') {
      const type = await sniffCompoundFile(filePath);
      return type === undefined ? undefined : byType.get(type);
    }
    const type = FILE_TYPE_EXT[detected.ext];
    return type === undefined ? undefined : byType.get(type);
  }
  const head = await readHead(filePath, 64 * 1024);
  if (!looksLikeText(head)) return undefined;
  const start = head.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (/^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/.test(start)) return byType.get('html');
  const ext = extensionOf(originalName);
  if (ext === 'md' || ext === 'markdown') return byType.get('markdown');
  if (ext === 'html' || ext === 'htm') return byType.get('html');
  return byType.get('text');
}
