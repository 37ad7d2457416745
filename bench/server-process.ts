/** The benchmarked server as a child process: wait until it answers, stop it (shared by the benches). */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `isAlive` every 500 ms for up to 300 s; fails at once when the server exits. */
export async function waitAlive(child: ChildProcess, isAlive: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if (await isAlive()) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error('server did not become alive in 300 s');
}

/** SIGTERM, and SIGKILL after 30 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}
