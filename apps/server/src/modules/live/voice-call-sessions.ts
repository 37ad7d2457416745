/**
 * The live engine's side of a voice call (issue 18, decisions 0038 and 0051): the performer's video
 * and text chat while a guest is on the phone with the performer. The voicecall module owns the call
 * and asks this port (it never reads `live_sessions`):
 *
 * - `open` starts a `voice-call` session of the guest with the performer through the ordinary start
 *   (`live.service` start: the same checks — login, age check for an FSK-18 stream, banned country,
 *   the performer busy in another exclusive chat, the guest in another chat — and the same races);
 *   priced 0 (the phone bill pays), exclusive, no performer accept. A refusal is answered, not
 *   thrown: the phone call goes on without the video and the page says so.
 * - `current` is the guest's running `voice-call` session with the performer (at most one: the
 *   guest's one-live-chat index), for the state a page reads after a reload.
 * - `end` ends it with the call's spec 8 code: 903 hangup, 904 new call.
 *
 * A session that ends otherwise (the performer offline, the page gone) does not end the call.
 */
import type { Db } from '@vela/db/client';
import { createLiveRepository } from './live.repository.ts';
import type { LiveService } from './live.service.ts';

export type VoiceCallSessionOpen =
  | { ok: true; sessionId: string }
  | { ok: false; code: string; exitCode: number | null };

export interface VoiceCallSessions {
  open(input: { guestId: number; actorId: number; callKey: string }): Promise<VoiceCallSessionOpen>;
  current(guestId: number, actorId: number): Promise<string | null>;
  end(guestId: number, actorId: number, exitCode: 903 | 904): Promise<void>;
}

export function createVoiceCallSessions(deps: { db: Db; service: LiveService }): VoiceCallSessions {
  const sessions = createLiveRepository(deps.db);
  const current = (guestId: number, actorId: number) =>
    sessions.openSessionWith(guestId, actorId, 'voice-call');
  return {
    current,
    async open({ guestId, actorId, callKey }) {
      const running = await current(guestId, actorId);
      if (running) return { ok: true, sessionId: running };
      // The key makes a replayed open answer the same session; a reopen after that one ended takes
      // a fresh key (the call's key with the time), so the guest's page can have the video again.
      const started = await deps.service.start({
        guestId,
        actorId,
        type: 'voice-call',
        country: null,
        idempotencyKey: callKey,
      });
      if (started.ok && !['ended', 'ending'].includes(started.status)) {
        return { ok: true, sessionId: started.sessionId };
      }
      if (started.ok) {
        const again = await deps.service.start({
          guestId,
          actorId,
          type: 'voice-call',
          country: null,
          idempotencyKey: `${callKey}:${Date.now()}`,
        });
        return again.ok
          ? { ok: true, sessionId: again.sessionId }
          : { ok: false, code: again.code, exitCode: again.exitCode };
      }
      return { ok: false, code: started.code, exitCode: started.exitCode };
    },
    async end(guestId, actorId, exitCode) {
      const sessionId = await current(guestId, actorId);
      if (sessionId) await deps.service.exitOwn(guestId, sessionId, exitCode);
    },
  };
}
