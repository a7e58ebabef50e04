// The correlation's products (ncc.ts) in WebAssembly SIMD: eight placements of a row at once, each
// template pixel's value times eight page bytes in two 128-bit multiplies. The sums are the same
// 32-bit integers the plain loop adds (products of bytes, exact while a template's sum stays below
// 2^31), about eight times faster: those products were three quarters of a sheet's detection.
// The module is a dozen instructions, written out here as bytes (no toolchain at build time);
// each page keeps its ink inside its own fixed-size wasm memory, so no copy is made per call.

/** Bytes of a sparse template's (offset, value) pairs a page's memory has room for. */
const TEMPLATE_BYTES = 1 << 19;
/** Bytes of results (32-bit sums, rows padded to eight placements). */
const OUT_BYTES = 1 << 18;
/** The page's ink starts here; eight-byte reads past a row's last placement stay inside 16 bytes of padding. */
const INK_AT = TEMPLATE_BYTES + OUT_BYTES;

const leb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};

/**
 * cross(tpl, n, base, W, nx, ny, out): for each row j < ny and placement i < nx (in steps of 8),
 * out[...] = sum over k < n of value[k] * ink[base + j*W + i + offset[k]], with (offset, value)
 * pairs of i32 at tpl. Locals: 7 j, 8 i, 9 t (pair pointer), 10 end, 11 row start, 12 placement,
 * 13/14 the two i32x4 sums, 15 the eight page bytes.
 */
function moduleBytes(): Uint8Array {
  const get = (i: number): number[] => [0x20, i];
  const set = (i: number): number[] => [0x21, i];
  const zero = [0xfd, 0x0c, ...new Array<number>(16).fill(0)];
  const loopStart = [0x02, 0x40, 0x03, 0x40];
  const code = [
    ...get(0), ...get(1), 0x41, 3, 0x74, 0x6a, ...set(10), // end = tpl + n * 8
    ...loopStart, ...get(7), ...get(5), 0x4e, 0x0d, 1, // rows: while j < ny
    ...get(2), ...get(7), ...get(3), 0x6c, 0x6a, ...set(11), // row = base + j * W
    0x41, 0, ...set(8),
    ...loopStart, ...get(8), ...get(4), 0x4e, 0x0d, 1, // placements: while i < nx
    ...zero, ...set(13), ...zero, ...set(14),
    ...get(0), ...set(9),
    ...get(11), ...get(8), 0x6a, ...set(12),
    ...loopStart, ...get(9), ...get(10), 0x4f, 0x0d, 1, // pixels: while t < end
    ...get(12), ...get(9), 0x28, 2, 0, 0x6a, 0xfd, 0x02, 0, 0, 0x22, 15, // v128.load8x8_u(at + offset)
    ...get(9), 0x28, 2, 4, 0xfd, 0x10, // i16x8.splat(value)
    0xfd, 0xbe, 0x01, ...get(13), 0xfd, 0xae, 0x01, ...set(13), // sums += extmul_low_i16x8_u
    ...get(15), ...get(9), 0x28, 2, 4, 0xfd, 0x10,
    0xfd, 0xbf, 0x01, ...get(14), 0xfd, 0xae, 0x01, ...set(14), // sums += extmul_high_i16x8_u
    ...get(9), 0x41, 8, 0x6a, ...set(9),
    0x0c, 0, 0x0b, 0x0b,
    ...get(6), ...get(13), 0xfd, 0x0b, 4, 0, // v128.store the eight sums
    ...get(6), ...get(14), 0xfd, 0x0b, 4, 16,
    ...get(6), 0x41, 32, 0x6a, ...set(6),
    ...get(8), 0x41, 8, 0x6a, ...set(8),
    0x0c, 0, 0x0b, 0x0b,
    ...get(7), 0x41, 1, 0x6a, ...set(7),
    0x0c, 0, 0x0b, 0x0b,
    0x0b,
  ];
  const body = [2, 6, 0x7f, 3, 0x7b, ...code]; // locals: six i32, three v128
  const section = (id: number, content: number[]): number[] => [id, ...leb(content.length), ...content];
  return Uint8Array.from([
    0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, [1, 0x60, 7, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0]),
    ...section(2, [1, 1, 0x6d, 3, 0x6d, 0x65, 0x6d, 2, 0, 1]), // import m.mem
    ...section(3, [1, 0]),
    ...section(7, [1, 5, 0x63, 0x72, 0x6f, 0x73, 0x73, 0, 0]), // export "cross"
    ...section(10, [1, ...leb(body.length), ...body]),
  ]);
}

// The project's TypeScript libraries (ES2023, node) do not declare WebAssembly: the few parts used.
interface WasmModule {
  readonly kind?: 'module';
}
declare const WebAssembly: {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => WasmModule;
  Memory: new (d: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
  Instance: new (m: WasmModule, imports: Record<string, Record<string, unknown>>) => { exports: Record<string, unknown> };
};

type CrossFn = (tpl: number, n: number, base: number, w: number, nx: number, ny: number, out: number) => void;

let compiled: WasmModule | null | undefined;
function simdModule(): WasmModule | null {
  if (compiled === undefined) {
    const bytes = moduleBytes();
    compiled = process.env.NCC_SIMD !== '0' && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return compiled;
}

/** A page's ink in wasm memory, with the products computed there. */
export class SimdPage {
  readonly ink: Uint8Array;
  private readonly pairs: Int32Array;
  private readonly out: Int32Array;

  private constructor(
    private readonly cross: CrossFn,
    buffer: ArrayBuffer,
    readonly width: number,
    height: number,
  ) {
    this.ink = new Uint8Array(buffer, INK_AT, width * height);
    this.pairs = new Int32Array(buffer, 0, TEMPLATE_BYTES / 4);
    this.out = new Int32Array(buffer, TEMPLATE_BYTES, OUT_BYTES / 4);
  }

  /** A page of this size, or null where WebAssembly SIMD is not there (or NCC_SIMD=0). */
  static create(width: number, height: number): SimdPage | null {
    const mod = simdModule();
    if (!mod) return null;
    const pages = Math.ceil((INK_AT + width * height + 16) / 65536);
    try {
      const mem = new WebAssembly.Memory({ initial: pages, maximum: pages });
      const cross = new WebAssembly.Instance(mod, { m: { mem } }).exports.cross as CrossFn;
      return new SimdPage(cross, mem.buffer, width, height);
    } catch {
      // No room for another wasm memory (each reserves address space; a process limited in
      // virtual memory, or many detections at once): the plain loops.
      return null;
    }
  }

  /** Whether a window of nx x ny placements of a template of n pixels fits this page's room. */
  fits(n: number, nx: number, ny: number): boolean {
    return n * 8 <= TEMPLATE_BYTES && ny * Math.ceil(nx / 8) * 8 * 4 <= OUT_BYTES;
  }

  /**
   * Sums of products of the template (interleaved offset, value pairs) with the page at nx x ny
   * placements from `start` (a pixel index): row j's sums at out[j * stride ...].
   */
  products(pairs: Int32Array, start: number, nx: number, ny: number): { out: Int32Array; stride: number } {
    this.pairs.set(pairs);
    this.cross(0, pairs.length / 2, INK_AT + start, this.width, nx, ny, TEMPLATE_BYTES);
    return { out: this.out, stride: Math.ceil(nx / 8) * 8 };
  }
}
