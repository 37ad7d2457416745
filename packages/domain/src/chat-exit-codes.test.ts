import { describe, expect, it } from 'vitest';
import {
  CHAT_EXIT_CODES,
  chargesPartialMinute,
  exitCodeInfo,
  isChatExitCode,
  isLivePreviewExitCode,
  isPreChatExitCode,
  LIVE_PREVIEW_EXIT_CODES,
  PRE_CHAT_EXIT_CODES,
} from './chat-exit-codes.ts';

// Spec 8 "Chat exit codes", word for word.
const SPEC_8 =
  'Client: 100 exit, 101 logout, 102 destruct, 103 exit win, 104 upgrade, 105 error, 106 charge, ' +
  '107 disconnect, 108 timeout, 198 start offline, 199 start timeout. Host: 201 kick, 202 stop send, ' +
  '203 logout, 204 relogin, 205 send fail, 206 device fail, 207 still picture, 208 cpu overload. ' +
  '301 admin kick. Preview: 401 limit host, 402 limit hour, 403 offline, 404 single, 405 fsk denied, ' +
  '406 access denied, 407 disabled, 408 guest offline, 498 start offline, 499 start timeout. ' +
  '501 no-money limit, 502 text time limit, 503 time limit, 601 fsk denied. Others: 901 compat client ' +
  'logout, 902 client new chat, 903 voice call hangup, 904 voice call new chat, 906 host single, ' +
  '907 video fail host, 908 live show started, 910 video fail, 920 client lock, 921 host lock, ' +
  '990 timeout, 996 video timeout host, 997 video timeout guest.';

function specCodes(): { code: number; name: string }[] {
  return [...SPEC_8.matchAll(/(\d{3}) ([a-z -]+?)(?=[,.])/g)].map((m) => ({
    code: Number(m[1]),
    name: m[2]!.trim(),
  }));
}

describe('chat exit codes (spec 8)', () => {
  it('every chat exit code of spec 8 is known, with the spec words, in the spec order', () => {
    const spec = specCodes();
    expect(spec).toHaveLength(47);
    expect(CHAT_EXIT_CODES.map((c) => ({ code: c.code, name: c.name }))).toEqual(spec);
  });

  it('the live-preview exit codes are 405, 406, 401, 402, 403, 404, 407, 408, 498, 499', () => {
    expect([...LIVE_PREVIEW_EXIT_CODES]).toEqual([405, 406, 401, 402, 403, 404, 407, 408, 498, 499]);
    for (const code of LIVE_PREVIEW_EXIT_CODES) expect(exitCodeInfo(code).group).toBe('preview');
    expect(isLivePreviewExitCode(401)).toBe(true);
    expect(isLivePreviewExitCode(100)).toBe(false);
  });

  it('the pre-chat exit codes are 106, 906, 601, 205-208, 910, 907, 198, 199, 201-204', () => {
    expect([...PRE_CHAT_EXIT_CODES]).toEqual([
      106, 906, 601, 205, 206, 207, 208, 910, 907, 198, 199, 201, 202, 203, 204,
    ]);
    expect(PRE_CHAT_EXIT_CODES.every((code) => isChatExitCode(code))).toBe(true);
    expect(isPreChatExitCode(106)).toBe(true);
    expect(isPreChatExitCode(501)).toBe(false);
  });

  it('a number that is no spec 8 code is refused', () => {
    expect(isChatExitCode(109)).toBe(false);
    expect(isChatExitCode('100')).toBe(false);
    expect(() => exitCodeInfo(999)).toThrow(RangeError);
  });

  it('ends the guest caused (100, 101, 107, 108, 902 ...) and limits (501, 503) charge the partial minute', () => {
    for (const code of [100, 101, 102, 103, 104, 106, 107, 108, 408, 501, 502, 503, 901, 902] as const) {
      expect(chargesPartialMinute(code), String(code)).toBe(true);
    }
  });

  it('platform and performer failures (201-208, 301, 907, 910, 996, 997 ...) never charge the current minute', () => {
    for (const code of [
      105, 201, 202, 203, 204, 205, 206, 207, 208, 301, 906, 907, 908, 910, 920, 921, 996, 997,
    ] as const) {
      expect(chargesPartialMinute(code), String(code)).toBe(false);
    }
  });
});
