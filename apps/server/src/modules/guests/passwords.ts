/**
 * Password hashing: argon2id with the OWASP minimum m=19456 KiB, t=2, p=1, a 16-byte salt and a 32-byte
 * hash, stored as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`).
 *
 * @node-rs/argon2 (native, prebuilt per platform) computes on the libuv thread pool, off the event
 * loop: a hash costs ~20 MiB and tens of ms of CPU, and requests and sockets no longer wait for it
 * (decision 0027; bench/login.ts). At most HASH_CONCURRENCY hashes run at once, the others wait in
 * line here: a flood of logins never holds every thread of the pool, which file reads and zlib
 * compression share. Hashes made by the earlier hash-wasm code verify unchanged (same parameters,
 * same PHC format).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, type Options, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, not importable as a value here). */
const ARGON2ID = 2;

export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const satisfies Options;

/**
 * Hashes computed at once: one per core, but never more than the libuv pool (UV_THREADPOOL_SIZE,
 * default 4) minus 2 threads, which stay free for file reads and compression.
 */
export const HASH_CONCURRENCY = Math.max(
  1,
  Math.min(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 2),
);

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than HASH_CONCURRENCY hashes run (in arrival order). */
async function inLine<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inLine(() => hash(password, { ...ARGON2_OPTIONS, salt: randomBytes(16) }));
}

/** Whether `password` is the one of the PHC string `hash` (false for a malformed hash). */
export async function verifyPassword(password: string, hashed: string): Promise<boolean> {
  try {
    return await inLine(() => verify(hashed, password));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * A hash no password is known for: an unknown account is verified against it so that it costs the
 * same time as a wrong password.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64'));
  return dummy;
}
