// `pagelens serve` runs its workers as child processes (`pagelens worker`), so CPU-heavy steps
// never block the API's event loop and a crashed worker is replaced. Work a dead child held is
// taken back by the reconciler once its heartbeat is stale.
import { fork, type ChildProcess } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';

export interface Supervisor {
  stop(): Promise<void>;
  pids(): number[];
}

export function superviseWorkers(entry: string, count: number, log: FastifyBaseLogger): Supervisor {
  const children = new Set<ChildProcess>();
  let stopping = false;
  const spawnOne = (slot: number, delayMs: number): void => {
    setTimeout(() => {
      if (stopping) return;
      const child = fork(entry, ['worker', '--concurrency', '1'], { stdio: 'inherit', execArgv: ['--enable-source-maps'] });
      children.add(child);
      const started = Date.now();
      child.on('exit', (code, signal) => {
        children.delete(child);
        if (stopping) return;
        log.warn({ slot, pid: child.pid, code, signal }, 'worker process exited; restarting');
        // Back off when a worker dies right after starting (a broken install, a bad config).
        spawnOne(slot, Date.now() - started < 5000 ? Math.min(30_000, Math.max(1000, delayMs * 2)) : 0);
      });
    }, delayMs);
  };
  for (let slot = 0; slot < count; slot++) spawnOne(slot, 0);
  return {
    pids: () => [...children].map((c) => c.pid ?? 0),
    async stop() {
      stopping = true;
      await Promise.all(
        [...children].map(
          (child) =>
            new Promise<void>((resolve) => {
              const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
              child.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
