/** CPU of other processes (ffmpeg, Janus) for the live media benches, and where a bench alone writes its result. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { round } from './stats.ts';

const TICKS = 100; // USER_HZ

/** CPU seconds (user + system) of a process from /proc. */
export function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** % of one core that `read` (CPU seconds) grew by over `seconds`. */
export async function cpuPercentOver(seconds: number, read: () => number): Promise<number> {
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return round(((read() - before) / seconds) * 100, 1);
}

/** Writes a bench's result to bench/results/<file> (a bench run alone). */
export function saveResult(file: string, result: unknown): void {
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`./results/${file}`, import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
}
