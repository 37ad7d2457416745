/**
 * What the socket says about the guest's voice call (decision 0051, issue 18 review): the snapshot of
 * every ackSession names the running call (a page opened or reconnected after the start), the start
 * event is one this page saw begin, the stop or a reconnect's snapshot without the call ends it; a
 * visitor's ackSession (no snapshot) says nothing.
 */
import type { ServerMessageOf } from '@vela/contracts/socket';
import type { VoiceCallView } from '@vela/contracts/voicecall';
import { describe, expect, it } from 'vitest';
import { TEST_CALL } from './voiceCallFixture.ts';
import { NO_SOCKET_CALL, reduceVoiceCallSocket, type VoiceCallSocketMessage } from './voiceCallSocket.ts';

const CALL = TEST_CALL;
const ack = (voiceCall: VoiceCallView | null | undefined, snapshot = true): ServerMessageOf<'ackSession'> =>
  ({
    type: 'ackSession',
    guestId: snapshot ? '5' : null,
    language: 'en',
    snapshot: snapshot ? { ...(voiceCall === undefined ? {} : { voiceCall }) } : null,
  }) as ServerMessageOf<'ackSession'>;
const run = (...messages: VoiceCallSocketMessage[]) => messages.reduce(reduceVoiceCallSocket, NO_SOCKET_CALL);

describe('the voice call as the socket says it', () => {
  it('a snapshot names the running call (no jump to the video); a visitor’s or an older server’s ack says nothing', () => {
    expect(run(ack(CALL))).toEqual({ call: CALL, startedHere: false, stopped: null });
    expect(run(ack(null))).toBe(NO_SOCKET_CALL);
    expect(run(ack(undefined, false))).toBe(NO_SOCKET_CALL);
    expect(run(ack(undefined))).toBe(NO_SOCKET_CALL);
  });

  it('voicecallStart is a call this page saw begin; the same call in a later snapshot changes nothing', () => {
    const started = run(ack(null), {
      type: 'voicecallStart',
      voicecallIdHash: 'hash-a',
      actorId: 7,
      actorName: 'Mira',
    });
    expect(started).toMatchObject({
      call: { voicecallIdHash: 'hash-a', actorName: 'Mira' },
      startedHere: true,
    });
    expect(reduceVoiceCallSocket(started, ack(CALL))).toBe(started);
  });

  it('the stop, or a reconnect’s snapshot without the known call, ends it; a new call after a reconnect is taken', () => {
    expect(run(ack(CALL), { type: 'voicecallStop', voicecallIdHash: 'hash-a' }).stopped).toBe('hash-a');
    const away = run(ack(CALL), ack(null));
    expect(away).toEqual({ call: CALL, startedHere: false, stopped: 'hash-a' });
    expect(reduceVoiceCallSocket(away, ack(null))).toBe(away);
    const replaced = run(ack(CALL), ack({ ...CALL, voicecallIdHash: 'hash-b' }));
    expect(replaced.call?.voicecallIdHash).toBe('hash-b');
    // The anonymous caller's stop (no snapshot call) is kept for the slot's call of the REST state.
    expect(run(ack(undefined, false), { type: 'voicecallStop', voicecallIdHash: 'hash-c' }).stopped).toBe(
      'hash-c',
    );
  });
});
