// LibreOffice runs only under its memory cap: through prlimit when it is installed, and not at all
// when it is not. A stand-in soffice reports the address-space limit it was started with.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertOfficeToPdf, findExecutable } from '../../src/pipeline/office.js';
import { PipelineError } from '../../src/pipeline/types.js';

let dir = '';
let soffice = '';
let rtf = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'office-limits-'));
  soffice = join(dir, 'soffice');
  // Writes a "PDF" whose comment is `ulimit -v` (KiB, or "unlimited") into the --outdir folder.
  await writeFile(
    soffice,
    ['#!/bin/sh', 'touch "$(dirname "$0")/started"', 'while [ $# -gt 0 ]; do [ "$1" = --outdir ] && out=$2; shift; done', 'printf \'%%PDF-1.4\\n%% as=%s\\n\' "$(ulimit -v)" > "$out/input.pdf"', ''].join('\n'),
  );
  await chmod(soffice, 0o755);
  rtf = join(dir, 'doc.rtf');
  await writeFile(rtf, '{\\rtf1 hello}');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const options = (extra: { prlimit?: string } = {}) => ({ soffice, extension: 'rtf', timeoutMs: 20_000, memoryMb: 700, workDir: dir, ...extra });

describe('LibreOffice memory cap', () => {
  it('starts LibreOffice under prlimit with the configured address-space limit', async (ctx) => {
    ctx.skip(!(await findExecutable('prlimit')), 'prlimit (util-linux) is not installed; make system-deps installs it');
    const pdf = await readFile(await convertOfficeToPdf(rtf, options()), 'latin1');
    expect(pdf).toContain(`as=${700 * 1024}\n`);
  });

  it('refuses the conversion, without starting LibreOffice, when prlimit is missing', async () => {
    await rm(join(dir, 'started'), { force: true });
    const err = await convertOfficeToPdf(rtf, options({ prlimit: join(dir, 'no-such-prlimit') })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PipelineError);
    expect((err as PipelineError).code).toBe('unsupported');
    expect((err as PipelineError).message).toMatch(/prlimit \(from util-linux\) is not installed.*memory limit/);
    expect(existsSync(join(dir, 'started'))).toBe(false);
  });
});
