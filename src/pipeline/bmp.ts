// Windows BMP reader: sharp (libvips without ImageMagick) cannot load BMP, so uncompressed and
// bit-field BMPs (1/4/8-bit palettes, 16/24/32-bit) are decoded here into RGBA for sharp.
import { PipelineError } from './types.js';

export interface BmpHeader {
  width: number;
  height: number;
  /** Pixels per inch from the header, or undefined when it gives none. */
  dpi: number | undefined;
}

interface BmpInfo extends BmpHeader {
  dataOffset: number;
  headerSize: number;
  topDown: boolean;
  bpp: number;
  compression: number;
  masks: [number, number, number, number];
  paletteOffset: number;
  paletteEntrySize: number;
  paletteCount: number;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

export const isBmp = (data: Buffer): boolean => data.length >= 2 && data[0] === 0x42 && data[1] === 0x4d;

const malformed = (why: string): PipelineError => new PipelineError(`The BMP image is malformed: ${why}.`, 'malformed');

function parse(data: Buffer): BmpInfo {
  if (data.length < 26) throw malformed('the file ends inside its header');
  const dataOffset = data.readUInt32LE(10);
  const headerSize = data.readUInt32LE(14);
  if (headerSize === 12) {
    // OS/2 BITMAPCOREHEADER: 16-bit sizes, 3-byte palette entries.
    const bpp = data.readUInt16LE(24);
    return {
      width: data.readUInt16LE(18), height: data.readUInt16LE(20), dpi: undefined, dataOffset, headerSize, topDown: false, bpp,
      compression: BI_RGB, masks: [0, 0, 0, 0], paletteOffset: 26, paletteEntrySize: 3, paletteCount: bpp <= 8 ? 1 << bpp : 0,
    };
  }
  if (headerSize < 40 || data.length < 14 + headerSize) throw malformed('unknown or truncated header');
  const width = data.readInt32LE(18);
  const rawHeight = data.readInt32LE(22);
  const bpp = data.readUInt16LE(28);
  const compression = data.readUInt32LE(30);
  const ppm = data.readInt32LE(38);
  const used = data.readUInt32LE(46);
  let masks: [number, number, number, number] = [0, 0, 0, 0];
  let paletteOffset = 14 + headerSize;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    // Masks follow a 40-byte header; V2+ headers contain them.
    const at = 54;
    if (data.length < at + 12) throw malformed('the bit-field masks are missing');
    const alpha = (headerSize >= 56 || compression === BI_ALPHABITFIELDS) && data.length >= at + 16 ? data.readUInt32LE(at + 12) : 0;
    masks = [data.readUInt32LE(at), data.readUInt32LE(at + 4), data.readUInt32LE(at + 8), alpha];
    if (headerSize === 40) paletteOffset += compression === BI_ALPHABITFIELDS ? 16 : 12;
  }
  return {
    width, height: Math.abs(rawHeight), topDown: rawHeight < 0, dpi: ppm > 0 ? ppm * 0.0254 : undefined,
    dataOffset, headerSize, bpp, compression, masks, paletteOffset, paletteEntrySize: 4,
    paletteCount: bpp <= 8 ? (used > 0 && used <= 1 << bpp ? used : 1 << bpp) : 0,
  };
}

/** Reads only the header: size and density. */
export function bmpHeader(data: Buffer): BmpHeader {
  const { width, height, dpi } = parse(data);
  if (width <= 0 || height <= 0) throw malformed(`invalid size ${width}×${height}`);
  return { width, height, dpi };
}

/** Shift and width of a contiguous bit mask, for scaling a channel to 8 bits. */
function maskShape(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

/** Decodes to 8-bit RGBA; the caller has already checked the pixel count against its limit. */
export function decodeBmp(data: Buffer): { rgba: Buffer; width: number; height: number } {
  const info = parse(data);
  const { width, height, bpp, compression } = info;
  if (width <= 0 || height <= 0) throw malformed(`invalid size ${width}×${height}`);
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw malformed(`unsupported bit depth ${bpp}`);
  if (compression !== BI_RGB && compression !== BI_BITFIELDS && compression !== BI_ALPHABITFIELDS) {
    throw new PipelineError(`BMP compression type ${compression} (RLE, embedded JPEG/PNG) is not supported.`, 'unsupported');
  }
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (info.dataOffset + stride * height > data.length) throw malformed('the pixel data is truncated');

  const palette: number[][] = [];
  for (let i = 0; i < info.paletteCount; i++) {
    const at = info.paletteOffset + i * info.paletteEntrySize;
    if (at + 3 > data.length) break;
    palette.push([data[at + 2]!, data[at + 1]!, data[at]!]);
  }
  const defaults: [number, number, number, number] = bpp === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0xff00, 0xff, 0];
  // BI_RGB has no alpha channel (the fourth byte of 32-bit pixels is padding).
  const useMasks = compression === BI_RGB ? defaults : info.masks;
  const shapes = useMasks.map(maskShape);

  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = info.dataOffset + (info.topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (bpp <= 8) {
        const bit = x * bpp;
        const byte = data[row + (bit >> 3)]!;
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        const c = palette[index] ?? [0, 0, 0];
        rgba[o] = c[0]!;
        rgba[o + 1] = c[1]!;
        rgba[o + 2] = c[2]!;
        rgba[o + 3] = 255;
        continue;
      }
      if (bpp === 24) {
        const p = row + x * 3;
        rgba[o] = data[p + 2]!;
        rgba[o + 1] = data[p + 1]!;
        rgba[o + 2] = data[p]!;
        rgba[o + 3] = 255;
        continue;
      }
      const v = bpp === 16 ? data.readUInt16LE(row + x * 2) : data.readUInt32LE(row + x * 4);
      for (let c = 0; c < 4; c++) {
        const { shift, max } = shapes[c]!;
        rgba[o + c] = max === 0 ? (c === 3 ? 255 : 0) : Math.round((((v & useMasks[c]!) >>> shift) * 255) / max);
      }
    }
  }
  // Many writers leave a declared alpha channel all zero: treat that as opaque, not invisible.
  if (useMasks[3] !== 0) {
    let anyAlpha = false;
    for (let i = 3; i < rgba.length && !anyAlpha; i += 4) anyAlpha = rgba[i] !== 0;
    if (!anyAlpha) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  }
  return { rgba, width, height };
}
