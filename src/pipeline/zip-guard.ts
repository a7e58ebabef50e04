// Zip containers (OOXML, ODF) are checked before a converter unpacks them: the entry count and the
// declared sizes come from the central directory, and every entry is then inflated into nothing
// to prove the declared sizes true, so a lying header cannot smuggle a bomb past the limits.
// Nothing is written to disk.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { PipelineError } from './types.js';

export interface ZipLimits {
  /** Most entries (files and folders) the archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may expand to together. */
  maxTotalBytes: number;
  /** Most one entry may expand relative to its compressed size. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxTotalBytes: 500 * 1024 * 1024, maxRatio: 200 };

/**
 * The ratio rule only applies to entries at least this large: small, very repetitive XML parts
 * (empty styles, blank cells) legitimately compress far better than 200:1 and are harmless.
 */
export const RATIO_MIN_BYTES = 1024 * 1024;

const DAMAGED = 'The file is damaged or is not a valid zip-based document';
const MB = 1024 * 1024;

const bomb = (limit: number): PipelineError =>
  new PipelineError(`The file expands to more than ${Math.floor(limit / MB)} MB (a decompression bomb?)`, 'malformed');

async function openZip(path: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(path, { lazyEntries: true, validateEntrySizes: true, autoClose: false, strictFileNames: false });
  } catch (err) {
    throw damaged(err);
  }
}

function damaged(err: unknown): PipelineError {
  if (err instanceof PipelineError) return err;
  const detail = err instanceof Error ? err.message : String(err);
  if (/strong encryption/i.test(detail)) return new PipelineError('The archive inside the file is encrypted', 'encrypted');
  if (/compression method/i.test(detail)) return new PipelineError(`The file uses an unsupported zip compression method (${detail})`, 'unsupported');
  return new PipelineError(`${DAMAGED} (${detail})`, 'malformed');
}

/** Rejects a zip with too many entries, too much content, or an entry that expands suspiciously. */
export async function checkZipArchive(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<void> {
  const zip = await openZip(path);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new PipelineError(`The file holds ${zip.entryCount} zip entries; at most ${limits.maxEntries} are allowed`, 'malformed');
    }
    // First the central directory alone: cheap, and catches honest bombs before any inflating.
    const entries: Entry[] = [];
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw bomb(limits.maxTotalBytes);
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize >= RATIO_MIN_BYTES && ratio > limits.maxRatio) {
        throw new PipelineError(
          `A part of the file expands ${Math.round(ratio)} times its compressed size, more than the allowed ${limits.maxRatio} (a decompression bomb?)`,
          'malformed',
        );
      }
      if (entry.isEncrypted()) throw new PipelineError('The archive inside the file is encrypted', 'encrypted');
      entries.push(entry);
    }
    // Then the data: yauzl fails a stream as soon as it yields more bytes than declared.
    for (const entry of entries) {
      if (entry.fileName.endsWith('/') && entry.uncompressedSize === 0) continue;
      await drain(zip, entry, limits);
    }
  } catch (err) {
    throw damaged(err);
  } finally {
    zip.close();
  }
}

async function drain(zip: ZipFile, entry: Entry, limits: ZipLimits): Promise<void> {
  try {
    const stream = await zip.openReadStreamPromise(entry);
    await pipeline(stream, new Writable({ write: (_chunk, _enc, done) => done() }));
  } catch (err) {
    if (err instanceof Error && /too many bytes/i.test(err.message)) {
      throw new PipelineError(
        `A part of the file expands beyond the size its header declares (a decompression bomb?); the limit is ${Math.floor(limits.maxTotalBytes / MB)} MB`,
        'malformed',
      );
    }
    throw err;
  }
}

/**
 * The text of one small entry (e.g. META-INF/manifest.xml), or undefined when the archive lacks it.
 * Reads at most `maxBytes`; call after checkZipArchive.
 */
export async function readZipEntryText(path: string, name: string, maxBytes = MB): Promise<string | undefined> {
  const zip = await openZip(path);
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue;
      if (entry.uncompressedSize > maxBytes) return undefined;
      const chunks: Buffer[] = [];
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    }
    return undefined;
  } catch (err) {
    throw damaged(err);
  } finally {
    zip.close();
  }
}

export interface MemberLimits {
  /** Most entries (files and folders). */
  maxEntries: number;
  /** Most bytes all members may expand to together. */
  maxTotalBytes: number;
  /** Most bytes this member may expand to. */
  maxMemberBytes(name: string): number;
  /** Why a member name is not allowed, or null; folders (names ending in '/') are asked too. */
  nameProblem(name: string): string | null;
}

export interface ZipMember {
  name: string;
  data: Buffer;
}

/**
 * Reads every file of a small zip into memory, refusing it as a whole before anything is inflated
 * when it has too many entries, a name that is not allowed (yauzl already refuses absolute paths
 * and '..' segments), or declared sizes over the limits; then while inflating, a member that
 * yields more bytes than its header declares (a lying bomb). Folder entries are checked and skipped.
 */
export async function readZipMembers(path: string, limits: MemberLimits): Promise<ZipMember[]> {
  const zip = await openZip(path);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new PipelineError(`The archive holds ${zip.entryCount} entries; at most ${limits.maxEntries} are allowed`, 'malformed');
    }
    const entries: Entry[] = [];
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      const why = limits.nameProblem(entry.fileName);
      if (why) throw new PipelineError(`The archive member '${entry.fileName}' is not allowed: ${why}`, 'malformed');
      if (entry.isEncrypted()) throw new PipelineError('The archive is encrypted', 'encrypted');
      const max = limits.maxMemberBytes(entry.fileName);
      if (entry.uncompressedSize > max) {
        throw new PipelineError(`The archive member '${entry.fileName}' expands to ${entry.uncompressedSize} bytes; at most ${max} are allowed`, 'malformed');
      }
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw bomb(limits.maxTotalBytes);
      entries.push(entry);
    }
    const members: ZipMember[] = [];
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) {
        if (entry.uncompressedSize > 0) throw new PipelineError(`The archive folder '${entry.fileName}' has content`, 'malformed');
        continue;
      }
      members.push({ name: entry.fileName, data: await readEntry(zip, entry, limits) });
    }
    return members;
  } catch (err) {
    throw damaged(err);
  } finally {
    zip.close();
  }
}

async function readEntry(zip: ZipFile, entry: Entry, limits: MemberLimits): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (err) {
    if (err instanceof Error && /too many bytes/i.test(err.message)) {
      throw new PipelineError(
        `The archive member '${entry.fileName}' expands beyond the size its header declares (a decompression bomb?); at most ${limits.maxMemberBytes(entry.fileName)} bytes are allowed`,
        'malformed',
      );
    }
    throw err;
  }
  return Buffer.concat(chunks);
}
