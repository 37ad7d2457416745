/**
 * The login throttle (issue 14, defects 8 and 9): failures count per (account, address) and, with a
 * far higher ceiling, per account; name and email are one account; the attempt is taken atomically
 * before the password is verified, so parallel guesses never get more tries than the limit.
 */

import { randomBytes } from 'node:crypto';
import { hash as nativeHash } from '@node-rs/argon2';
import { argon2id, argon2Verify } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_OPTIONS,
  HASH_CONCURRENCY,
  hashPassword,
  verifyPassword,
} from '../src/modules/guests/passwords.ts';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_IP,
} from '../src/modules/guests/rate-limit.ts';
import { logIn, nextIp, PASSWORD, signUp } from './guest-helpers.ts';
import { testAppPerSuite } from './test-app.ts';

/** This file's own addresses (per-IP limits of other files stay apart). */
const NET = '10.14';
const ip = () => nextIp(NET);

describe('login throttle (issue 14, defects 8 and 9)', () => {
  const t = testAppPerSuite();

  it('the limits: 5 failures per account and address, a ceiling of 100 per account', () => {
    expect(LOGIN_FAILURES_PER_ACCOUNT_IP.max).toBe(5);
    expect(LOGIN_FAILURES_PER_ACCOUNT.max).toBe(100);
    expect(LOGIN_FAILURES_PER_ACCOUNT.windowMs).toBe(LOGIN_FAILURES_PER_ACCOUNT_IP.windowMs);
  });

  it('an attacker guessing from one address runs out after 5; the owner logs in from another address', async () => {
    await signUp(t.app, 'Victim14', { ip: ip() });
    const attacker = ip();
    for (let i = 0; i < 5; i++)
      expect((await logIn(t.app, 'Victim14', `wrong-guess-${i}`, attacker)).statusCode).toBe(401);
    const refused = await logIn(t.app, 'Victim14', 'wrong-guess-5', attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is refused from the guessing address...
    expect((await logIn(t.app, 'Victim14', PASSWORD, attacker)).statusCode).toBe(429);
    // ...but the owner, from their own address, is not locked out (by name or by email).
    const owner = await logIn(t.app, 'Victim14', PASSWORD, ip());
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await logIn(t.app, 'victim14@example.com', PASSWORD, ip())).statusCode).toBe(200);
  });

  it('name and email are one account: 3 wrong by name and 2 by email use up the address, in any case', async () => {
    await signUp(t.app, 'Shared14', { ip: ip() });
    const attacker = ip();
    for (const login of ['Shared14', 'shared14', 'SHARED14', 'shared14@example.com', 'Shared14@Example.com'])
      expect((await logIn(t.app, login, 'wrong-guess', attacker)).statusCode).toBe(401);
    expect((await logIn(t.app, 'Shared14', 'wrong-guess', attacker)).statusCode).toBe(429);
    expect((await logIn(t.app, 'shared14@example.com', 'wrong-guess', attacker)).statusCode).toBe(429);
  });

  it('an unknown account is counted like a known one (the limit tells nothing about who exists)', async () => {
    const attacker = ip();
    for (let i = 0; i < 5; i++)
      expect((await logIn(t.app, 'Nobody14', `wrong-guess-${i}`, attacker)).statusCode).toBe(401);
    const refused = await logIn(t.app, 'NOBODY14', 'wrong-guess', attacker);
    expect(refused.statusCode).toBe(429);
    expect((await logIn(t.app, 'Nobody14', 'wrong-guess', ip())).statusCode).toBe(401);
  });

  it('a right password is not a failure: 4 wrong, the right one, and the address still has its fifth try', async () => {
    await signUp(t.app, 'Typo14', { ip: ip() });
    const home = ip();
    for (let i = 0; i < 4; i++)
      expect((await logIn(t.app, 'Typo14', `typo-${i}`, home)).statusCode).toBe(401);
    expect((await logIn(t.app, 'Typo14', PASSWORD, home)).statusCode).toBe(200);
    expect((await logIn(t.app, 'Typo14', 'typo-4', home)).statusCode).toBe(401);
    expect((await logIn(t.app, 'Typo14', 'typo-5', home)).statusCode).toBe(429);
  });

  it('50 parallel wrong logins from one address: exactly 5 are verified (401), 45 answer 429', async () => {
    await signUp(t.app, 'Burst14', { ip: ip() });
    const attacker = ip();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => logIn(t.app, 'Burst14', `parallel-guess-${i}`, attacker)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    // The owner is still in, from elsewhere.
    expect((await logIn(t.app, 'Burst14', PASSWORD, ip())).statusCode).toBe(200);
  }, 60_000);

  it('the account ceiling: 100 failures from 20 addresses, then 429 from any address, the owner too', async () => {
    await signUp(t.app, 'Ceiling14', { ip: ip() });
    const addresses = Array.from({ length: 20 }, () => ip());
    for (const address of addresses) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => logIn(t.app, 'ceiling14@example.com', `guess-${i}`, address)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401]);
    }
    const owner = await logIn(t.app, 'Ceiling14', PASSWORD, ip());
    expect(owner.statusCode).toBe(429);
    expect(owner.json().error.code).toBe('RATE_LIMITED');
    // Another account is not affected.
    await signUp(t.app, 'Bystander14', { ip: ip() });
    expect((await logIn(t.app, 'Bystander14', PASSWORD, ip())).statusCode).toBe(200);
  }, 180_000);
});

describe('password hashes (issue 14, defect 10)', () => {
  const wasmHash = (password: string) =>
    argon2id({
      password,
      salt: randomBytes(16),
      memorySize: 19456,
      iterations: 2,
      parallelism: 1,
      hashLength: 32,
      outputType: 'encoded',
    });

  it('a hash made by the earlier hash-wasm code verifies, and a new hash verifies with hash-wasm', async () => {
    const earlier = await wasmHash(PASSWORD);
    expect(await verifyPassword(PASSWORD, earlier)).toBe(true);
    expect(await verifyPassword('not-the-password', earlier)).toBe(false);
    const current = await hashPassword(PASSWORD);
    expect(current).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await argon2Verify({ password: PASSWORD, hash: current })).toBe(true);
    expect(await argon2Verify({ password: 'not-the-password', hash: current })).toBe(false);
  });

  it('the same parameters and salt give the same hash as hash-wasm', async () => {
    const salt = randomBytes(16);
    const wasm = await argon2id({
      password: PASSWORD,
      salt,
      memorySize: 19456,
      iterations: 2,
      parallelism: 1,
      hashLength: 32,
      outputType: 'encoded',
    });
    expect(await nativeHash(PASSWORD, { ...ARGON2_OPTIONS, salt })).toBe(wasm);
  });

  it('hashes wait in line beyond HASH_CONCURRENCY: 12 at once all finish and verify', async () => {
    expect(HASH_CONCURRENCY).toBeGreaterThanOrEqual(1);
    const passwords = Array.from({ length: 12 }, (_, i) => `${PASSWORD}-${i}`);
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(passwords[i]!, h)));
    expect(checks).toEqual(passwords.map(() => true));
    expect(await verifyPassword(passwords[0]!, hashes[1]!)).toBe(false);
  });

  it('a malformed hash verifies nothing (no throw)', async () => {
    expect(await verifyPassword(PASSWORD, 'not-a-phc-string')).toBe(false);
    expect(await verifyPassword(PASSWORD, '')).toBe(false);
  });

  it('hashing runs off the event loop: the loop keeps turning while a hash is computed', async () => {
    await hashPassword('warm-up');
    // Count event loop turns (setImmediate) while one hash runs. On the main thread (the earlier
    // hash-wasm code) the hash is one synchronous block: a handful of turns at its awaits (3 measured),
    // against thousands with the hash on the thread pool.
    let turns = 0;
    let done = false;
    const spin = () => {
      if (done) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    await hashPassword(PASSWORD);
    done = true;
    expect(turns).toBeGreaterThan(50);
  });
});
