/**
 * Password hashing: argon2id (hash-wasm, WebAssembly, no native build) with the OWASP minimum
 * m=19456 KiB, t=2, p=1, stored as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`).
 */
import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

export const ARGON2_PARAMS = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2id({ ...ARGON2_PARAMS, password, salt: randomBytes(16), outputType: 'encoded' });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
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
