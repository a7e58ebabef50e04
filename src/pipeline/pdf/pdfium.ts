// PDFium (WebAssembly) loaded once per process from the installed package's own .wasm file,
// plus small typed helpers over the C API for memory the caller must free.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';

/** The Emscripten heap views we read; they are replaced when the heap grows, so fetch them per use. */
interface HeapViews {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  HEAPF32: Float32Array;
  HEAPF64: Float64Array;
}

export type PdfiumApi = WrappedPdfiumModule;

/**
 * Raw WebAssembly exports for the per-character and per-object loops: the package's cwrap wrappers cost several
 * microseconds a call (argument conversion, assertions), which dominated text extraction.
 * Booleans come back as 0/1. Only number arguments, so no conversion is needed.
 */
export interface RawTextApi {
  FPDFText_CountChars(textPage: number): number;
  FPDFText_GetUnicode(textPage: number, index: number): number;
  FPDFText_IsGenerated(textPage: number, index: number): number;
  FPDFText_HasUnicodeMapError(textPage: number, index: number): number;
  FPDFText_GetLooseCharBox(textPage: number, index: number, rect: number): number;
  FPDFText_GetCharOrigin(textPage: number, index: number, x: number, y: number): number;
  /** The character's matrix (FS_MATRIX: six floats a b c d e f) in page user space. */
  FPDFText_GetMatrix(textPage: number, index: number, matrix: number): number;
  /** Page objects, for the walk that looks for a scan's picture on every page. */
  FPDFPage_CountObjects(page: number): number;
  FPDFPage_GetObject(page: number, index: number): number;
  FPDFPageObj_GetType(obj: number): number;
}

const RAW_TEXT: Array<keyof RawTextApi> = [
  'FPDFText_CountChars',
  'FPDFText_GetUnicode',
  'FPDFText_IsGenerated',
  'FPDFText_HasUnicodeMapError',
  'FPDFText_GetLooseCharBox',
  'FPDFText_GetCharOrigin',
  'FPDFText_GetMatrix',
  'FPDFPage_CountObjects',
  'FPDFPage_GetObject',
  'FPDFPageObj_GetType',
];

function rawTextApi(api: PdfiumApi): RawTextApi {
  const exports = api.pdfium.wasmExports as unknown as Record<string, unknown>;
  const out: Partial<Record<keyof RawTextApi, unknown>> = {};
  for (const name of RAW_TEXT) {
    if (typeof exports[name] !== 'function') throw new Error(`PDFium export ${name} is missing`);
    out[name] = exports[name];
  }
  return out as RawTextApi;
}

export class Pdfium {
  readonly text: RawTextApi;

  constructor(readonly api: PdfiumApi) {
    this.text = rawTextApi(api);
  }

  private get heap(): HeapViews {
    // The package types the module through @types/emscripten, which is not installed.
    return this.api.pdfium as unknown as HeapViews;
  }

  /** Current size of the WebAssembly heap (it grows, never shrinks): a leak shows up here. */
  heapBytes(): number {
    return this.heap.HEAPU8.length;
  }

  malloc(size: number): number {
    const ptr = this.api.pdfium.wasmExports.malloc(size);
    if (!ptr) throw new Error('PDFium is out of memory');
    return ptr;
  }

  free(ptr: number): void {
    if (ptr) this.api.pdfium.wasmExports.free(ptr);
  }

  /** Copies bytes into a new heap buffer; the caller frees it. */
  copyIn(data: Uint8Array): number {
    const ptr = this.malloc(Math.max(1, data.length));
    this.heap.HEAPU8.set(data, ptr);
    return ptr;
  }

  /** Copies `length` heap bytes out into a Node buffer (independent of the heap). */
  copyOut(ptr: number, length: number): Buffer {
    return Buffer.from(this.heap.HEAPU8.subarray(ptr, ptr + length));
  }

  /** Runs `fn` with a scratch buffer of `size` bytes that is freed afterwards. */
  scratch<T>(size: number, fn: (ptr: number) => T): T {
    const ptr = this.malloc(size);
    try {
      return fn(ptr);
    } finally {
      this.free(ptr);
    }
  }

  f32(ptr: number, index = 0): number {
    return this.heap.HEAPF32[(ptr >> 2) + index] ?? 0;
  }

  f64(ptr: number, index = 0): number {
    return this.heap.HEAPF64[(ptr >> 3) + index] ?? 0;
  }

  i32(ptr: number, index = 0): number {
    return this.heap.HEAP32[(ptr >> 2) + index] ?? 0;
  }
}

let loading: Promise<Pdfium> | undefined;

async function load(): Promise<Pdfium> {
  const wasmPath = createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm');
  const wasmBinary = await readFile(wasmPath);
  const api = await init({ wasmBinary });
  api.PDFiumExt_Init();
  return new Pdfium(api);
}

/** The process-wide PDFium instance (lazy; a failed load is retried on the next call). */
export function getPdfium(): Promise<Pdfium> {
  loading ??= load().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/**
 * A WebAssembly trap (abort, out of bounds, heap exhausted) leaves the module unusable:
 * forget it so the next document starts from a fresh instance.
 */
export function discardIfTrapped(err: unknown): void {
  if (err instanceof Error && err.name === 'RuntimeError') loading = undefined;
}
