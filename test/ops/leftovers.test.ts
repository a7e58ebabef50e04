// Crash leftovers: everything in DATA_DIR/tmp (partial uploads, signed PUTs, upload checks,
// conversion folders), temp blobs in blobs/.tmp and empty blob folders older than
// PAGELENS_LEFTOVER_AGE_S are swept; younger ones (a conversion folder still written to) and real
// blobs stay.
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepLeftovers } from '../../src/maintenance.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

describe('crash leftovers (local files)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { PAGELENS_LEFTOVER_AGE_S: '3600' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes old leftovers and keeps fresh ones and real blobs', async () => {
    const blobs = path.join(t.dataDir, 'blobs');
    const old = new Date(Date.now() - 2 * 3600 * 1000);
    const make = async (p: string, age: Date | null, dir = false) => {
      await mkdir(dir ? p : path.dirname(p), { recursive: true });
      if (!dir) await writeFile(p, 'x');
      if (age) await utimes(p, age, age);
    };
    await make(path.join(t.ctx.tmpDir, 'a.upload'), old);
    await make(path.join(t.ctx.tmpDir, 'b.put'), old);
    await make(path.join(t.ctx.tmpDir, 'c.check'), old);
    await make(path.join(t.ctx.tmpDir, 'convert-dead', 'in.docx'), old);
    await utimes(path.join(t.ctx.tmpDir, 'convert-dead'), old, old);
    await make(path.join(t.ctx.tmpDir, 'convert-live', 'profile', 'fresh'), null);
    await utimes(path.join(t.ctx.tmpDir, 'convert-live'), old, old); // old folder, young content
    await make(path.join(t.ctx.tmpDir, 'fresh.upload'), null);
    await make(path.join(blobs, '.tmp', 'dead-write'), old);
    await make(path.join(blobs, '.tmp', 'live-write'), null);
    await t.ctx.storage.putBuffer('documents/keep/original.pdf', Buffer.from('%PDF'));
    await make(path.join(blobs, 'documents', 'gone', 'pages'), old, true);
    await utimes(path.join(blobs, 'documents', 'gone'), old, old);

    const report = await sweepLeftovers(t.ctx);
    expect(report).toEqual({ dataTmp: 4, blobTmp: 1, emptyDirs: 2 });
    expect((await readdir(t.ctx.tmpDir)).sort()).toEqual(['convert-live', 'fresh.upload']);
    expect(await readdir(path.join(blobs, '.tmp'))).toEqual(['live-write']);
    expect(await readdir(path.join(blobs, 'documents'))).toEqual(['keep']);
    expect(await t.ctx.storage.head('documents/keep/original.pdf')).toEqual({ size: 4 });
  });
});
