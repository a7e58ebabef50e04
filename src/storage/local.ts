// Blobs as files under one directory. Writes go to a temp file first and are renamed into place.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, copyFile, mkdir, readdir, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, BlobNotFoundError, type BlobStore, type SignedUpload, type SignOptions } from './blob-store.js';
import { signLocalUrl } from './signing.js';

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  private readonly tmpDir: string;

  constructor(
    readonly root: string,
    private readonly publicUrl: string,
    private readonly secret: string,
  ) {
    this.tmpDir = path.join(root, '.tmp');
  }

  pathFor(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private async placeFrom(key: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const target = this.pathFor(key);
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(this.tmpDir, randomUUID());
    try {
      await write(tmp);
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  putFile(key: string, filePath: string): Promise<void> {
    return this.placeFrom(key, (tmp) => copyFile(filePath, tmp));
  }

  /** Moves a temp file into place without copying when it is on the same file system. */
  async adoptFile(key: string, filePath: string): Promise<void> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(filePath, target);
    } catch {
      await this.putFile(key, filePath);
      await rm(filePath, { force: true });
    }
  }

  putBuffer(key: string, data: Buffer): Promise<void> {
    return this.placeFrom(key, (tmp) => writeFile(tmp, data));
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathFor(key);
    try {
      await access(file, constants.R_OK);
    } catch {
      throw new BlobNotFoundError(key);
    }
    return createReadStream(file);
  }

  async download(key: string, filePath: string): Promise<void> {
    const file = this.pathFor(key);
    try {
      await copyFile(file, filePath);
    } catch {
      throw new BlobNotFoundError(key);
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    // An invalid key is an error, as on S3, not a missing blob.
    const file = this.pathFor(key);
    try {
      const s = await stat(file);
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathFor(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const out: string[] = [];
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (rel === '' && e.name === '.tmp') continue;
        const key = rel === '' ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory()) await walk(path.join(dir, e.name), key);
        else if (key.startsWith(prefix)) out.push(key);
      }
    };
    await walk(this.root, '');
    return out.sort();
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    for (const key of keys) await this.delete(key);
    // Remove the now-empty directory of a folder-like prefix so no empty trees pile up.
    if (prefix.endsWith('/')) await rm(this.pathFor(prefix.slice(0, -1)), { recursive: true, force: true });
    return keys.length;
  }

  // async so that a bad key rejects the promise, as every other method does, instead of throwing.
  async signedUrl(key: string, options: SignOptions): Promise<string> {
    assertValidKey(key);
    const expires = Math.floor(Date.now() / 1000) + options.expiresInSeconds;
    return signLocalUrl(this.publicUrl, this.secret, { key, method: options.method, expires });
  }

  /** A signed PUT to the app's own /storage route, which streams it and stops at the upload limit. */
  async signedUpload(key: string, options: { expiresInSeconds: number; maxBytes: number }): Promise<SignedUpload> {
    return { url: await this.signedUrl(key, { method: 'PUT', expiresInSeconds: options.expiresInSeconds }), method: 'PUT', fields: {} };
  }

  /**
   * Crash leftovers older than the cut-off: temp files of writes that never finished, and blob
   * folders left empty (a deleted document's, or one whose write died). Returns what it removed.
   */
  async sweepLeftovers(olderThan: Date): Promise<{ tmpFiles: number; emptyDirs: number }> {
    const old = async (p: string): Promise<boolean> => {
      try {
        return (await stat(p)).mtimeMs < olderThan.getTime();
      } catch {
        return false;
      }
    };
    let tmpFiles = 0;
    let emptyDirs = 0;
    for (const name of await readdir(this.tmpDir).catch(() => [] as string[])) {
      const p = path.join(this.tmpDir, name);
      if (await old(p)) {
        await rm(p, { force: true, recursive: true });
        tmpFiles++;
      }
    }
    // Depth first, so a folder whose only content was empty folders goes in the same pass.
    const prune = async (dir: string): Promise<boolean> => {
      const wasOld = await old(dir); // before its empty children go, which touches its mtime
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
      if (!entries) return false;
      let empty = true;
      for (const e of entries) {
        if (dir === this.root && e.name === '.tmp') {
          empty = false;
          continue;
        }
        if (!e.isDirectory() || !(await prune(path.join(dir, e.name)))) empty = false;
      }
      if (!empty || dir === this.root || !wasOld) return false;
      try {
        await rmdir(dir); // fails if a write just put something there: then it stays
        emptyDirs++;
        return true;
      } catch {
        return false;
      }
    };
    await prune(this.root);
    return { tmpFiles, emptyDirs };
  }

  async check(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    await access(this.tmpDir, constants.W_OK);
  }
}
