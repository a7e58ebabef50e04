// Office documents to PDF through LibreOffice headless. Each call gets its own folder with a copy
// of the input (so the extension is right), its own LibreOffice profile (parallel conversions
// would otherwise hand their work to one shared instance) and its own output folder; the whole
// folder is removed afterwards and only the PDF survives, moved into workDir.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PipelineError } from './types.js';
import { checkZipArchive, DEFAULT_ZIP_LIMITS, readZipEntryText, type ZipLimits } from './zip-guard.js';

export interface OfficeOptions {
  /** The soffice executable (a name on PATH or a path). */
  soffice: string;
  /** The document's type as a file extension (docx, xlsx, ...), with or without the dot. */
  extension: string;
  timeoutMs: number;
  /** Address-space cap for LibreOffice (below ~256 MB it cannot even start). */
  memoryMb: number;
  /** The tool that applies the cap (util-linux's prlimit; a name on PATH or a path). Default 'prlimit'. */
  prlimit?: string;
  /** A folder the caller owns; the PDF is left here and everything else is cleaned up. */
  workDir: string;
  zipLimits?: ZipLimits;
}

const OOXML = ['docx', 'xlsx', 'pptx'] as const;
const ODF = ['odt', 'ods', 'odp'] as const;
const LEGACY = ['doc', 'xls', 'ppt'] as const;
export const OFFICE_EXTENSIONS: readonly string[] = [...OOXML, ...ODF, ...LEGACY, 'rtf'];

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const RTF_MAGIC = Buffer.from('{\\rtf', 'latin1');
/** Password-protected OOXML is an OLE compound file holding this stream instead of a zip. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
const STDIO_TAIL = 2000;

const PROTECTED = 'The document is protected by a password';
const UNREADABLE = 'LibreOffice could not open the document: it is damaged, or protected by a password';

const executables = new Map<string, Promise<string | undefined>>();

/** The full path of an executable (a name looked up on PATH, or a path), or undefined. */
export function findExecutable(name: string): Promise<string | undefined> {
  let found = executables.get(name);
  if (!found) {
    found = locate(name);
    executables.set(name, found);
  }
  return found;
}

async function locate(name: string): Promise<string | undefined> {
  const candidates = isAbsolute(name) || name.includes('/') ? [name] : (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Converts an Office document to PDF and returns the PDF's path (inside workDir). */
export async function convertOfficeToPdf(inputPath: string, options: OfficeOptions): Promise<string> {
  const ext = options.extension.replace(/^\./, '').toLowerCase();
  if (!OFFICE_EXTENSIONS.includes(ext)) throw new PipelineError(`Office documents of type .${ext} are not supported`, 'unsupported');
  await checkContainer(inputPath, ext, options.zipLimits ?? DEFAULT_ZIP_LIMITS);

  const soffice = await findExecutable(options.soffice);
  if (!soffice) throw new PipelineError('LibreOffice is not installed, so Office documents cannot be converted', 'unsupported');
  // Without the cap one hostile document could take all the machine's memory: refuse instead.
  const prlimit = await findExecutable(options.prlimit ?? 'prlimit');
  if (!prlimit) {
    throw new PipelineError(
      'Office documents are not converted on this server: prlimit (from util-linux) is not installed, so LibreOffice could not be held to its memory limit',
      'unsupported',
    );
  }

  const id = randomUUID();
  const dir = join(options.workDir, `office-${id}`);
  const outDir = join(dir, 'out');
  const input = join(dir, `input.${ext}`);
  try {
    await mkdir(outDir, { recursive: true });
    await copyFile(inputPath, input);
    const args = [
      `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      '--headless',
      '--invisible',
      '--norestore',
      '--nolockcheck',
      '--nodefault',
      '--nologo',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      input,
    ];
    const command = [prlimit, `--as=${Math.round(options.memoryMb * 1024 * 1024)}`, '--', soffice, ...args];
    const run = await runGroup(command, options.timeoutMs);
    if (run.timedOut) throw new PipelineError(`Conversion took longer than ${seconds(options.timeoutMs)} s`, 'timeout');

    const produced = join(outDir, 'input.pdf');
    if (run.code !== 0 || !(await isPdf(produced))) throw failure(run, options.memoryMb);
    const output = join(options.workDir, `${id}.pdf`);
    await rename(produced, output);
    return output;
  } finally {
    // Never let cleanup hide the conversion's own outcome; workDir belongs to the caller anyway.
    await rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  }
}

/** Checks the file really is the container its extension promises, and is not locked. */
async function checkContainer(path: string, ext: string, limits: ZipLimits): Promise<void> {
  const head = await readHead(path, 8);
  const isZip = head.subarray(0, 4).equals(ZIP_MAGIC);
  const isCfb = head.equals(CFB_MAGIC);
  if ((OOXML as readonly string[]).includes(ext) && isCfb) {
    // An encrypted OOXML file; a plain CFB is a legacy file with the wrong name, which LibreOffice reads.
    if (await contains(path, ENCRYPTED_PACKAGE)) throw new PipelineError(PROTECTED, 'encrypted');
    return;
  }
  if (isZip) {
    await checkZipArchive(path, limits);
    if ((ODF as readonly string[]).includes(ext)) {
      const manifest = await readZipEntryText(path, 'META-INF/manifest.xml');
      if (manifest?.includes('encryption-data')) throw new PipelineError(PROTECTED, 'encrypted');
    }
    return;
  }
  // LibreOffice reads anything it cannot identify as plain text, which would turn junk into pages.
  const expected = ext === 'rtf' ? head.subarray(0, 5).equals(RTF_MAGIC) : (LEGACY as readonly string[]).includes(ext) && isCfb;
  if (!expected) throw new PipelineError(`The file is not a valid .${ext} document`, 'malformed');
}

async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether `needle` occurs anywhere in the file, read in chunks. */
async function contains(path: string, needle: Buffer): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    if (window.includes(needle)) return true;
    tail = window.subarray(Math.max(0, window.length - needle.length + 1));
  }
  return false;
}

async function isPdf(path: string): Promise<boolean> {
  try {
    if ((await stat(path)).size < 8) return false;
    return (await readHead(path, 5)).toString('latin1') === '%PDF-';
  } catch {
    return false;
  }
}

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  output: string;
}

/**
 * Runs a command in its own process group and, on timeout, kills the whole group: soffice is a
 * launcher whose soffice.bin child would otherwise outlive it.
 */
function runGroup(command: string[], timeoutMs: number): Promise<RunResult> {
  const [file, ...args] = command as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-STDIO_TAIL * 2);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new PipelineError(`LibreOffice could not be started (${err.message})`, 'conversion_failed'));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // Stragglers (a crashed launcher's child) go too; the profile folder is removed next.
      killGroup(child.pid);
      void waitForGroup(child.pid).then(() => resolve({ code, signal, timedOut, output }));
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/**
 * Waits (briefly) until no process of the group is left alive. Zombies do not count: LibreOffice
 * starts gpg helpers that get reparented to PID 1, and an init that never reaps them (a container
 * without --init) would otherwise look like a group that never dies.
 */
async function waitForGroup(pgid: number | undefined): Promise<void> {
  if (pgid === undefined) return;
  for (let i = 0; i < 40 && (await groupAlive(pgid)); i++) await new Promise((r) => setTimeout(r, 50));
}

async function groupAlive(pgid: number): Promise<boolean> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    try {
      process.kill(-pgid, 0); // no /proc: the best we can know is whether the group has members
      return true;
    } catch {
      return false;
    }
  }
  for (const pid of pids) {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid pgrp ..."; comm may itself hold spaces and ')'.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
    } catch {
      // the process ended while we looked
    }
  }
  return false;
}

const seconds = (ms: number): string => (ms % 1000 === 0 ? String(ms / 1000) : (ms / 1000).toFixed(1));

function failure(run: RunResult, memoryMb: number): PipelineError {
  const tail = run.output
    .split('\n')
    .filter((l) => l.trim() && !/javaldx|^convert /.test(l))
    .join('\n')
    .slice(-STDIO_TAIL)
    .trim();
  if (/source file could not be loaded/i.test(tail)) return new PipelineError(UNREADABLE, 'conversion_failed');
  if (/failed to map segment|bad_alloc|Thread::create failed|out of memory/i.test(tail)) {
    return new PipelineError(`LibreOffice ran out of memory (the limit is ${memoryMb} MB)`, 'conversion_failed');
  }
  const how = run.signal ? `was stopped by ${run.signal}` : run.code === 0 ? 'produced no PDF' : `failed with exit code ${run.code}`;
  return new PipelineError(`LibreOffice ${how}${tail ? `: ${tail}` : ''}`, 'conversion_failed');
}
