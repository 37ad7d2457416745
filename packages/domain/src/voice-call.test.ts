import { describe, expect, it } from 'vitest';
import {
  decideAnonymousJoin,
  isE164,
  normalizeVoiceCallToken,
  ANONYMOUS_VOICE_CALL_RESULTS as R,
  VOICE_CALL_TOKEN_TTL_MS,
  voiceCallBilledMinutes,
  voiceCallCents,
} from './voice-call.ts';

describe('voice call rules (spec 2 paytype Voice, spec 4 result 2000, decision 0051)', () => {
  it('bills every started minute, nothing for a call that never ran', () => {
    expect(voiceCallBilledMinutes(0, 60_000)).toBe(0);
    expect(voiceCallBilledMinutes(-5, 60_000)).toBe(0);
    expect(voiceCallBilledMinutes(1, 60_000)).toBe(1);
    expect(voiceCallBilledMinutes(60_000, 60_000)).toBe(1);
    expect(voiceCallBilledMinutes(60_001, 60_000)).toBe(2);
    expect(voiceCallCents(120_001, 60_000, 199)).toBe(597);
    expect(() => voiceCallBilledMinutes(1, 0)).toThrow(RangeError);
  });

  it('reads a token as typed (spaces, dashes) and refuses anything else', () => {
    expect(normalizeVoiceCallToken('1234 5678')).toBe('12345678');
    expect(normalizeVoiceCallToken('1234-5678')).toBe('12345678');
    expect(normalizeVoiceCallToken('1234567')).toBeNull();
    expect(normalizeVoiceCallToken('abcdefgh')).toBeNull();
    expect(normalizeVoiceCallToken('1'.repeat(41))).toBeNull();
    expect(isE164('+4930123456')).toBe(true);
    expect(isE164('030123456')).toBe(false);
  });

  it('answers 2000 only for a running call of this performer, in time, not entered by another session', () => {
    const call = { actorId: 7, status: 'active' as const, startedAt: 0, claimedBySession: null };
    const base = { call, actorId: 7, sessionId: 1, loggedIn: false, now: 1000 };
    expect(decideAnonymousJoin(base)).toBe(R.OK);
    expect(decideAnonymousJoin({ ...base, call: undefined })).toBe(R.INVALID_TOKEN);
    expect(decideAnonymousJoin({ ...base, call: { ...call, status: 'ended' } })).toBe(R.CALL_ENDED);
    expect(decideAnonymousJoin({ ...base, actorId: 8 })).toBe(R.OTHER_ACTOR);
    expect(decideAnonymousJoin({ ...base, call: { ...call, claimedBySession: 2 } })).toBe(R.TOKEN_USED);
    expect(decideAnonymousJoin({ ...base, call: { ...call, claimedBySession: 1 } })).toBe(R.OK);
    expect(decideAnonymousJoin({ ...base, now: VOICE_CALL_TOKEN_TTL_MS + 1 })).toBe(R.TOKEN_EXPIRED);
    expect(decideAnonymousJoin({ ...base, loggedIn: true })).toBe(R.LOGGED_IN);
  });
});
