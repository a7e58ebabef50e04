// Image ingest: every raster format built here, orientation, colour flattening, page counts,
// and hostile inputs (a 50,000×50,000 PNG header, truncated files, garbage).
import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { imagePages, renderImagePage, sniffImage } from '../../src/pipeline/images.js';
import { PipelineError } from '../../src/pipeline/types.js';

const limits = { maxPixels: 50_000_000, maxPages: 100 };

const solid = (width: number, height: number, rgb: [number, number, number]): Sharp =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } });

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

async function expectPipelineError(p: Promise<unknown>, code: PipelineError['code']): Promise<PipelineError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PipelineError);
  expect((err as PipelineError).code).toBe(code);
  return err as PipelineError;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** Only the signature and an IHDR claiming width×height RGB: no image data at all. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr)]);
}

type BmpKind = '24' | '8-topdown' | '32-bitfields';

/**
 * A BMP written by hand (sharp cannot write BMP): 24-bit bottom-up, 8-bit palette top-down, or
 * 32-bit with BI_BITFIELDS masks (pixels stored as 0xAARRGGBB with a zero, i.e. absent, alpha).
 */
function bmp(kind: BmpKind, rows: [number, number, number][][]): Buffer {
  const height = rows.length;
  const width = rows[0]!.length;
  const bpp = kind === '24' ? 24 : kind === '8-topdown' ? 8 : 32;
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  const palette: [number, number, number][] = kind === '8-topdown' ? [...new Map(rows.flat().map((c) => [c.join(), c])).values()] : [];
  const extra = kind === '32-bitfields' ? 12 : palette.length * 4;
  const dataOffset = 14 + 40 + extra;
  const out = Buffer.alloc(dataOffset + stride * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(dataOffset, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(kind === '24' ? height : -height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(bpp, 28);
  out.writeUInt32LE(kind === '32-bitfields' ? 3 : 0, 30);
  out.writeInt32LE(11811, 38); // 300 dpi
  out.writeInt32LE(11811, 42);
  out.writeUInt32LE(palette.length, 46);
  if (kind === '32-bitfields') [0xff0000, 0xff00, 0xff].forEach((m, i) => out.writeUInt32LE(m, 54 + i * 4));
  palette.forEach(([r, g, b], i) => out.set([b, g, r, 0], 54 + i * 4));
  rows.forEach((row, y) => {
    const base = dataOffset + (kind === '24' ? height - 1 - y : y) * stride;
    row.forEach((c, x) => {
      if (kind === '24') out.set([c[2], c[1], c[0]], base + x * 3);
      else if (kind === '32-bitfields') out.writeUInt32LE((c[0] << 16) | (c[1] << 8) | c[2], base + x * 4);
      else out[base + x] = palette.findIndex((p) => p.join() === c.join());
    });
  });
  return out;
}

describe('image formats', () => {
  it('PNG: one page, default 150 dpi, stated density kept', async () => {
    const png = await solid(64, 32, [10, 20, 30]).png().toBuffer();
    expect(sniffImage(png)).toBe('png');
    expect(await imagePages(png, limits)).toBe(1);
    const page = await renderImagePage(png, 1, limits);
    expect([page.width, page.height, page.dpi]).toEqual([64, 32, 150]);
    expect(await pixel(page.png, 5, 5)).toEqual([10, 20, 30]);
    const dense = await solid(64, 32, [0, 0, 0]).withDensity(300).png().toBuffer();
    expect((await renderImagePage(dense, 1, limits)).dpi).toBe(300);
  });

  it('PNG with alpha and 16 bits: flattened on white, 8-bit sRGB', async () => {
    const rgba = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const page = await renderImagePage(rgba, 1, limits);
    expect(await pixel(page.png, 3, 3)).toEqual([255, 255, 255]);
    const deep = await solid(8, 8, [200, 100, 50]).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    const out = await renderImagePage(deep, 1, limits);
    const meta = await sharp(out.png).metadata();
    expect([meta.depth, meta.channels, meta.hasAlpha]).toEqual(['uchar', 3, false]);
    expect(await pixel(out.png, 1, 1)).toEqual([200, 100, 50]);
  });

  it('JPEG in CMYK becomes sRGB; EXIF orientation is applied', async () => {
    const cmyk = await solid(16, 16, [255, 0, 0]).toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    // sharp writes JPEGs with the usual 72 dpi default, which says nothing about a scan.
    expect((await sharp(cmyk).metadata()).density).toBe(72);
    const page = await renderImagePage(cmyk, 1, limits);
    expect(page.dpi).toBe(150);
    const [r, g, b] = await pixel(page.png, 8, 8);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);

    // 200×100 with a red left half, stored with orientation 6 (display rotated 90° clockwise).
    const left = await solid(100, 100, [255, 0, 0]).png().toBuffer();
    const rotated = await solid(200, 100, [0, 0, 255])
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await renderImagePage(rotated, 1, limits);
    expect([upright.width, upright.height]).toEqual([100, 200]);
    expect((await pixel(upright.png, 50, 20))[0]).toBeGreaterThan(200);
    expect((await pixel(upright.png, 50, 180))[2]).toBeGreaterThan(200);
  });

  it('TIFF: every page is a page', async () => {
    const colours: [number, number, number][] = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
    ];
    const frames = await Promise.all(colours.map((c) => solid(40, 30, c).png().toBuffer()));
    const tiff = await sharp(frames, { join: { animated: true } }).tiff().toBuffer();
    expect(sniffImage(tiff)).toBe('tiff');
    expect(await imagePages(tiff, limits)).toBe(3);
    for (const [i, colour] of colours.entries()) {
      const page = await renderImagePage(tiff, i + 1, limits);
      expect([page.width, page.height]).toEqual([40, 30]);
      // sharp's join itself rounds 255 to 254, so compare within one level.
      (await pixel(page.png, 20, 15)).forEach((v, c) => expect(Math.abs(v - colour[c]!)).toBeLessThanOrEqual(1));
    }
    await expect(renderImagePage(tiff, 4, limits)).rejects.toThrow(RangeError);
    await expectPipelineError(imagePages(tiff, { ...limits, maxPages: 2 }), 'too_many_pages');
  });

  it('GIF and WebP: animations contribute their first frame only', async () => {
    const frames = await Promise.all([
      solid(20, 10, [255, 0, 0]).png().toBuffer(),
      solid(20, 10, [0, 0, 255]).png().toBuffer(),
    ]);
    for (const format of ['gif', 'webp'] as const) {
      const animated = await sharp(frames, { join: { animated: true } })
        .toFormat(format, format === 'webp' ? { lossless: true } : {})
        .toBuffer();
      expect(sniffImage(animated)).toBe(format);
      expect((await sharp(animated).metadata()).pages).toBe(2);
      expect(await imagePages(animated, limits)).toBe(1);
      const page = await renderImagePage(animated, 1, limits);
      expect([page.width, page.height]).toEqual([20, 10]);
      const [r, , b] = await pixel(page.png, 10, 5);
      expect(r).toBeGreaterThan(200);
      expect(b).toBeLessThan(60);
    }
  });

  it('BMP (24-bit bottom-up, 8-bit palette top-down, 32-bit bit fields) decoded by hand', async () => {
    const rows: [number, number, number][][] = [
      [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
      ],
      [
        [255, 255, 255],
        [0, 0, 0],
        [128, 64, 32],
      ],
    ];
    for (const kind of ['24', '8-topdown', '32-bitfields'] as const) {
      const file = bmp(kind, rows);
      expect(sniffImage(file)).toBe('bmp');
      expect(await imagePages(file, limits)).toBe(1);
      const page = await renderImagePage(file, 1, limits);
      expect([page.width, page.height, page.dpi]).toEqual([3, 2, 300]);
      for (const [y, row] of rows.entries()) for (const [x, c] of row.entries()) expect(await pixel(page.png, x, y)).toEqual(c);
    }
    await expectPipelineError(renderImagePage(bmp('24', rows).subarray(0, 60), 1, limits), 'malformed');
  });
});

describe('hostile images', () => {
  it('a PNG header claiming 50,000×50,000 fails fast with too_many_pixels', async () => {
    const bomb = pngHeaderOnly(50_000, 50_000);
    const started = performance.now();
    const err = await expectPipelineError(imagePages(bomb, limits), 'too_many_pixels');
    expect(err.message).toContain('50000×50000');
    await expectPipelineError(renderImagePage(bomb, 1, limits), 'too_many_pixels');
    // Decoding 2.5 gigapixels would take minutes or run out of memory; the bound only proves it never starts
    // (generous, so a loaded CI machine cannot make it flaky).
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a JPEG whose frame header claims 60,000×60,000 is refused by sharp before decoding', async () => {
    const jpeg = Buffer.from(await solid(16, 16, [0, 0, 0]).jpeg().toBuffer());
    for (let i = 2; i + 9 < jpeg.length; i++) {
      if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
        jpeg.writeUInt16BE(60_000, i + 5);
        jpeg.writeUInt16BE(60_000, i + 7);
        break;
      }
    }
    expect((await sharp(jpeg, { limitInputPixels: false }).metadata()).width).toBe(60_000);
    await expectPipelineError(imagePages(jpeg, limits), 'too_many_pixels');
    await expectPipelineError(renderImagePage(jpeg, 1, limits), 'too_many_pixels');
  });

  it('truncated files are malformed; other bytes are unsupported', async () => {
    const big = solid(300, 200, [0, 0, 0]).composite([{ input: Buffer.from('<svg width="300" height="200"><circle cx="150" cy="100" r="80" fill="red"/></svg>') }]);
    for (const format of ['png', 'jpeg', 'webp', 'gif', 'tiff'] as const) {
      const whole = await big.clone().toFormat(format).toBuffer();
      const cut = whole.subarray(0, Math.floor(whole.length / 2));
      const err = await renderImagePage(cut, 1, limits).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, format).toBeInstanceOf(PipelineError);
      expect((err as PipelineError).code, format).toBe('malformed');
    }
    await expectPipelineError(imagePages(pngHeaderOnly(10, 10).subarray(0, 20), limits), 'malformed');
    await expectPipelineError(imagePages(Buffer.from('not an image at all'), limits), 'unsupported');
  });
});
