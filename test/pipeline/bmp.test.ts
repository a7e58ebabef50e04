// The hand-written BMP reader (sharp cannot load BMP): palettes of 1, 4 and 8 bits, 16-bit 5-5-5 and
// 5-6-5, the 12-byte OS/2 header, refused RLE, and a bounded fuzz run that only ever decodes or
// reports a PipelineError.
import { describe, expect, it } from 'vitest';
import { bmpHeader, decodeBmp } from '../../src/pipeline/bmp.js';
import { PipelineError } from '../../src/pipeline/types.js';

type Rgb = [number, number, number];

interface BmpSpec {
  width: number;
  height: number;
  bpp: number;
  /** Pixel values as stored: palette indexes, or 16/24/32-bit words. */
  pixels: number[][];
  palette?: Rgb[];
  compression?: number;
  masks?: [number, number, number];
  os2?: boolean;
  topDown?: boolean;
  ppm?: number;
}

/** A BMP file written by hand, rows padded to 4 bytes, bottom-up unless topDown. */
function writeBmp(s: BmpSpec): Buffer {
  const headerSize = s.os2 ? 12 : 40;
  const entry = s.os2 ? 3 : 4;
  const palette = s.palette ?? [];
  const masks = s.masks ? 12 : 0;
  const dataOffset = 14 + headerSize + masks + palette.length * entry;
  const stride = Math.floor((s.bpp * s.width + 31) / 32) * 4;
  const file = Buffer.alloc(dataOffset + stride * s.height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(dataOffset, 10);
  file.writeUInt32LE(headerSize, 14);
  if (s.os2) {
    file.writeUInt16LE(s.width, 18);
    file.writeUInt16LE(s.height, 20);
    file.writeUInt16LE(1, 22);
    file.writeUInt16LE(s.bpp, 24);
  } else {
    file.writeInt32LE(s.width, 18);
    file.writeInt32LE(s.topDown ? -s.height : s.height, 22);
    file.writeUInt16LE(1, 26);
    file.writeUInt16LE(s.bpp, 28);
    file.writeUInt32LE(s.compression ?? (s.masks ? 3 : 0), 30);
    file.writeInt32LE(s.ppm ?? 0, 38);
    file.writeInt32LE(s.ppm ?? 0, 42);
    file.writeUInt32LE(palette.length, 46);
    if (s.masks) s.masks.forEach((m, i) => file.writeUInt32LE(m, 54 + 4 * i));
  }
  palette.forEach(([r, g, b], i) => {
    const at = 14 + headerSize + masks + i * entry;
    file[at] = b;
    file[at + 1] = g;
    file[at + 2] = r;
  });
  for (let y = 0; y < s.height; y++) {
    const row = dataOffset + (s.topDown ? y : s.height - 1 - y) * stride;
    for (let x = 0; x < s.width; x++) {
      const v = s.pixels[y]![x]!;
      if (s.bpp < 8) {
        const bit = x * s.bpp;
        const at = row + (bit >> 3);
        file[at] = file[at]! | (v << (8 - s.bpp - (bit & 7)));
      } else if (s.bpp === 8) file[row + x] = v;
      else if (s.bpp === 16) file.writeUInt16LE(v, row + 2 * x);
      else if (s.bpp === 24) file.writeUIntLE(v, row + 3 * x, 3);
      else file.writeUInt32LE(v, row + 4 * x);
    }
  }
  return file;
}

/** The decoded image as rows of [r, g, b, a]. */
function pixels(file: Buffer): number[][][] {
  const { rgba, width, height } = decodeBmp(file);
  return Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => [...rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)]));
}

const grid = (width: number, height: number, f: (x: number, y: number) => number): number[][] =>
  Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => f(x, y)));

describe('decodeBmp', () => {
  it('reads 1-bit palettes, rows padded and bottom-up', () => {
    const palette: Rgb[] = [[10, 20, 30], [250, 240, 230]];
    const idx = grid(11, 3, (x, y) => (x + y) % 2);
    const out = pixels(writeBmp({ width: 11, height: 3, bpp: 1, pixels: idx, palette }));
    expect(out).toEqual(idx.map((row) => row.map((i) => [...palette[i]!, 255])));
  });

  it('reads 4-bit palettes top-down, odd widths included', () => {
    const palette: Rgb[] = Array.from({ length: 16 }, (_, i) => [i * 16, 255 - i * 16, i]);
    const idx = grid(5, 4, (x, y) => (x * 3 + y * 5) % 16);
    const out = pixels(writeBmp({ width: 5, height: 4, bpp: 4, pixels: idx, palette, topDown: true }));
    expect(out).toEqual(idx.map((row) => row.map((i) => [...palette[i]!, 255])));
  });

  it('reads 16-bit 5-5-5 (the default) and 5-6-5 (bit fields), scaling each channel to 8 bits', () => {
    const to8 = (v: number, bits: number): number => Math.round((v * 255) / ((1 << bits) - 1));
    const c555 = grid(3, 2, (x, y) => (((x * 10) & 31) << 10) | (((y * 31) & 31) << 5) | 31);
    expect(pixels(writeBmp({ width: 3, height: 2, bpp: 16, pixels: c555 }))).toEqual(
      c555.map((row) => row.map((v) => [to8((v >> 10) & 31, 5), to8((v >> 5) & 31, 5), to8(v & 31, 5), 255])),
    );
    const c565 = grid(3, 2, (x, y) => (((x * 15) & 31) << 11) | (((y * 63) & 63) << 5) | (x * 7));
    expect(pixels(writeBmp({ width: 3, height: 2, bpp: 16, pixels: c565, masks: [0xf800, 0x07e0, 0x001f] }))).toEqual(
      c565.map((row) => row.map((v) => [to8((v >> 11) & 31, 5), to8((v >> 5) & 63, 6), to8(v & 31, 5), 255])),
    );
    // Pure red in 5-6-5 is 0xF800; read as 5-5-5 it would come out as a different colour.
    expect(pixels(writeBmp({ width: 1, height: 1, bpp: 16, pixels: [[0xf800]], masks: [0xf800, 0x07e0, 0x001f] }))).toEqual([[[255, 0, 0, 255]]]);
  });

  it('reads the 12-byte OS/2 header with its 3-byte palette entries, and 24-bit OS/2 files', () => {
    const palette: Rgb[] = [[1, 2, 3], [200, 100, 50], [0, 255, 0], [9, 9, 9]];
    const idx = grid(6, 3, (x, y) => (x + 2 * y) % 4);
    const file = writeBmp({ width: 6, height: 3, bpp: 8, pixels: idx, palette, os2: true });
    expect(bmpHeader(file)).toEqual({ width: 6, height: 3, dpi: undefined });
    expect(pixels(file)).toEqual(idx.map((row) => row.map((i) => [...palette[i]!, 255])));
    const rgb = grid(2, 2, (x, y) => (x * 0x80 + y) * 0x010101);
    expect(pixels(writeBmp({ width: 2, height: 2, bpp: 24, pixels: rgb, os2: true }))).toEqual(rgb.map((row) => row.map((v) => [v & 255, v & 255, v & 255, 255])));
  });

  it('reads the density from the header', () => {
    expect(bmpHeader(writeBmp({ width: 1, height: 1, bpp: 24, pixels: [[0]], ppm: 11811 })).dpi).toBeCloseTo(300, 0);
  });

  it('refuses RLE-compressed files as unsupported', () => {
    for (const [bpp, compression] of [[8, 1], [4, 2]] as const) {
      const file = writeBmp({ width: 2, height: 2, bpp, pixels: grid(2, 2, () => 0), palette: [[0, 0, 0]], compression });
      expect(() => decodeBmp(file)).toThrow(PipelineError);
      expect(() => decodeBmp(file)).toThrow(/compression type \d \(RLE/);
      try {
        decodeBmp(file);
      } catch (err) {
        expect((err as PipelineError).code).toBe('unsupported');
      }
    }
  });

  it('decodes or reports a PipelineError for 3,000 damaged files, never anything else', () => {
    let seed = 0x9e3779b9;
    const random = (): number => {
      // mulberry32: a fixed seed, so a failure replays.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const seeds = [
      writeBmp({ width: 9, height: 5, bpp: 1, pixels: grid(9, 5, (x) => x & 1), palette: [[0, 0, 0], [255, 255, 255]] }),
      writeBmp({ width: 7, height: 3, bpp: 4, pixels: grid(7, 3, (x) => x), palette: Array.from({ length: 8 }, (_, i): Rgb => [i, i, i]), topDown: true }),
      writeBmp({ width: 4, height: 4, bpp: 16, pixels: grid(4, 4, (x, y) => x * y * 999), masks: [0xf800, 0x07e0, 0x001f] }),
      writeBmp({ width: 3, height: 3, bpp: 8, pixels: grid(3, 3, (x) => x), palette: [[1, 1, 1], [2, 2, 2], [3, 3, 3]], os2: true }),
      writeBmp({ width: 3, height: 2, bpp: 32, pixels: grid(3, 2, (x) => x * 0x01020304) }),
    ];
    let decoded = 0;
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      const file = Buffer.from(seeds[i % seeds.length]!);
      const edits = 1 + Math.floor(random() * 6);
      for (let e = 0; e < edits; e++) file[Math.floor(random() * file.length)] = Math.floor(random() * 256);
      const cut = random() < 0.2 ? file.subarray(0, Math.floor(random() * file.length)) : file;
      let header;
      try {
        header = bmpHeader(cut);
      } catch (err) {
        expect(err).toBeInstanceOf(PipelineError);
        refused++;
        continue;
      }
      // The caller checks the pixel count before decoding; fuzzed sizes can be enormous.
      if (header.width * header.height > 1_000_000) continue;
      try {
        const { rgba, width, height } = decodeBmp(cut);
        expect(rgba.length).toBe(width * height * 4);
        decoded++;
      } catch (err) {
        expect(err).toBeInstanceOf(PipelineError);
        refused++;
      }
    }
    expect(decoded).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });
});
