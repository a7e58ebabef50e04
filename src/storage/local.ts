// Blobs as files under one directory. Writes go to a temp file first and are renamed into place.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, copyFile, mkdir, readdir, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, BlobNotFoundError, type BlobEntry, type BlobStore, type SignedUpload, type SignOptions } from './blob-store.js';
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
      await this.renameInto(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  /**
   * Renames into place; when the sweep or fsck removed the (empty) folder between our mkdir and
   * the rename, makes it again once.
   */
  private async renameInto(from: string, target: string): Promise<void> {
    try {
      await rename(from, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await mkdir(path.dirname(target), { recursive: true });
      await rename(from, target);
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
      await this.renameInto(filePath, target);
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

  /** Every blob file under the root (never the temp folder) whose key starts with prefix, sorted. */
  private async walk(prefix: string): Promise<Array<{ key: string; file: string }>> {
    const out: Array<{ key: string; file: string }> = [];
    const visit = async (dir: string, rel: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (rel === '' && e.name === '.tmp') continue;
        const key = rel === '' ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory()) await visit(path.join(dir, e.name), key);
        else if (key.startsWith(prefix)) out.push({ key, file: path.join(dir, e.name) });
      }
    };
    await visit(this.root, '');
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.walk(prefix)).map((e) => e.key);
  }

  async entries(prefix: string): Promise<BlobEntry[]> {
    const out: BlobEntry[] = [];
    for (const { key, file } of await this.walk(prefix)) {
      const s = await stat(file).catch(() => null); // deleted meanwhile: not listed
      if (s?.isFile()) out.push({ key, size: s.size, modifiedAt: s.mtime });
    }
    return out;
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
   * folders below the top level that are empty or hold only such folders (a deleted document's,
   * or one whose write died). Paths, the folders deepest first (the order to remove them in).
   * Removes nothing.
   */
  async findLeftovers(olderThan: Date): Promise<{ tmpFiles: string[]; emptyDirs: string[] }> {
    const old = async (p: string): Promise<boolean> => {
      try {
        return (await stat(p)).mtimeMs < olderThan.getTime();
      } catch {
        return false;
      }
    };
    const tmpFiles: string[] = [];
    for (const name of await readdir(this.tmpDir).catch(() => [] as string[])) {
      const p = path.join(this.tmpDir, name);
      if (await old(p)) tmpFiles.push(p);
    }
    const emptyDirs: string[] = [];
    // Depth first: a folder counts when it is old and everything in it is a folder that counts.
    const prune = async (dir: string): Promise<boolean> => {
      const wasOld = await old(dir);
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
      // The top-level folders (documents/, components/) are the store's layout, not leftovers.
      if (!empty || dir === this.root || path.dirname(dir) === this.root || !wasOld) return false;
      emptyDirs.push(dir);
      return true;
    };
    await prune(this.root);
    return { tmpFiles, emptyDirs };
  }

  /** Removes what findLeftovers found; a folder that got content meanwhile stays. Returns the counts removed. */
  async removeLeftovers(found: { tmpFiles: string[]; emptyDirs: string[] }): Promise<{ tmpFiles: number; emptyDirs: number }> {
    let tmpFiles = 0;
    let emptyDirs = 0;
    for (const p of found.tmpFiles) {
      if (!p.startsWith(this.tmpDir + path.sep)) continue;
      await rm(p, { force: true, recursive: true });
      tmpFiles++;
    }
    for (const dir of found.emptyDirs) {
      if (!dir.startsWith(this.root + path.sep)) continue;
      try {
        await rmdir(dir); // fails if a write just put something there: then it stays
        emptyDirs++;
      } catch {
        // not empty (any more) or gone
      }
    }
    return { tmpFiles, emptyDirs };
  }

  /** Removes the folders above a deleted key that are now empty, up to (not including) the top level. */
  async removeEmptyParents(key: string): Promise<void> {
    let dir = path.dirname(this.pathFor(key));
    while (dir.startsWith(this.root + path.sep) && path.dirname(dir) !== this.root) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty, or gone
      }
      dir = path.dirname(dir);
    }
  }

  /** findLeftovers, then removeLeftovers: what the periodic sweep runs. */
  async sweepLeftovers(olderThan: Date): Promise<{ tmpFiles: number; emptyDirs: number }> {
    return this.removeLeftovers(await this.findLeftovers(olderThan));
  }

  async check(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    await access(this.tmpDir, constants.W_OK);
  }
}
