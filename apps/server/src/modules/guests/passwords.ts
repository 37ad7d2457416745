/**
 * Password hashing: argon2id with the OWASP minimum m=19456 KiB, t=2, p=1, a 16-byte salt and a 32-byte
 * hash, stored as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`).
 *
 * @node-rs/argon2 (native, prebuilt per platform) computes on the libuv thread pool, off the event
 * loop: a hash costs ~20 MiB and tens of ms of CPU, and requests and sockets no longer wait for it
 * (decision 0027; bench/login.ts). Hashes made by the earlier hash-wasm code verify unchanged (same
 * parameters, same PHC format).
 */
import { randomBytes } from 'node:crypto';
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

export function hashPassword(password: string): Promise<string> {
  return hash(password, { ...ARGON2_OPTIONS, salt: randomBytes(16) });
}

/** Whether `password` is the one of the PHC string `hash` (false for a malformed hash). */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await verify(hash, password);
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
