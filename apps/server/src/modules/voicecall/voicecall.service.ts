/**
 * Voice calls (decision 0051). The telephony side reports a call (`callStarted`) and its hangup
 * (`callEnded`); a real provider's webhook and the sandbox phone (outside production) call the same
 * two functions, each idempotent by the provider's call id.
 *
 * - A caller whose number a guest verified (the pincall module's `guestOf`) is that guest's call: the
 *   guest's pages get `voicecallStart`, the guest's state says `isVoicecallActive`.
 * - Any other caller is the anonymous voice caller: the call gets an 8-digit access token (the IVR
 *   speaks it); a visitor's session that enters it for the called performer (2000) is the anonymous
 *   voice caller (`isAnonymousVoicecall`). The claim creates the call's stand-in guest (the guests
 *   module's port, in the claim's transaction), which owns the call's video like a guest caller; its
 *   age check is the line's (`ageVerified`, reported by the provider): never waived.
 * - Hangup ends the call with 903; a new call of the same guest or number ends the running one with
 *   904. The guest's pages get `voicecall stop` with the call's HMAC.
 * - Billing at the end, once per call: every started minute at the voice tariff. A guest's call is a
 *   top-up from provider clearing with paytype Voice and the chat purchase of the same amount in ONE
 *   transaction (the balance ends where it was; the history shows both); an anonymous call goes from
 *   provider clearing to the performer's share and platform revenue. Keys `voicecall:<id>:voice` /
 *   `voicecall:<id>:chat`, and the call row changes to ended in the same transaction.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { VoiceCallState, VoiceCallVideoAnswer } from '@vela/contracts/voicecall';
import type { Db } from '@vela/db/client';
import { DEFAULT_PERFORMER_SHARE, splitPurchase } from '@vela/domain/ledger';
import {
  ANONYMOUS_VOICE_CALL_RESULTS,
  type AnonymousVoiceCallResult,
  decideAnonymousJoin,
  normalizeVoiceCallToken,
  VOICE_CALL_CENTS_PER_MINUTE,
  VOICE_CALL_HANGUP_EXIT_CODE,
  VOICE_CALL_NEW_CHAT_EXIT_CODE,
  VOICE_CALL_TOKEN_DIGITS,
  type VoiceCallExitCode,
  voiceCallBilledMinutes,
} from '@vela/domain/voice-call';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { uniqueViolation } from '../../infra/db-errors.ts';
import { type PublishLog, publishToGuest } from '../../infra/publish-to-guest.ts';
import { createRateLimiter, type Limit, type RateLimitStore } from '../../infra/rate-limit.ts';
import { CLEARING_OWNER, revenueShardOf, type WalletService } from '../wallet/wallet.service.ts';
import { createVoiceCallRepository, type VoiceCallRow } from './voicecall.repository.ts';

/** The pincall module's read port (E: `createVerifiedPhones(db)`): the guest a verified number belongs to. */
export interface VerifiedPhonesPort {
  guestOf(phoneE164: string): Promise<number | null>;
}

/**
 * The live module's port for the call's video (live/voice-call-sessions.ts): a `voice-call` live
 * session of the guest with the performer, priced 0 (the phone pays), ended with the call's code.
 */
export interface VoiceCallVideoPort {
  open(input: {
    guestId: number;
    actorId: number;
    callKey: string;
  }): Promise<{ ok: true; sessionId: string } | { ok: false; code: string; exitCode: number | null }>;
  current(guestId: number, actorId: number): Promise<string | null>;
  end(guestId: number, actorId: number, exitCode: VoiceCallExitCode): Promise<void>;
}

/**
 * The guests module's write port (guests/voice-callers.ts) on the claim's transaction: the anonymous
 * caller's stand-in guest, with an accepted age check only when the line checked the caller's age.
 */
export type StandInsPort = (db: Db) => {
  create(callId: string, options: { ageVerified: boolean }): Promise<number>;
};

export interface VoiceCallServiceDeps {
  db: Db;
  wallet: WalletService;
  bus: EventBus;
  log: PublishLog;
  actors: {
    actorForChat(actorId: number): Promise<{ name: string; chat: { isOnline: boolean } } | undefined>;
  };
  /** The call's video (the live module); without it (no media path) a call has no video. */
  video?: VoiceCallVideoPort;
  /** Without it (pincall not wired) every caller is anonymous. */
  verifiedPhones?: VerifiedPhonesPort;
  /** The anonymous caller's stand-in guests; without it an anonymous call has no video. */
  standIns?: StandInsPort;
  /** The server secret: the call's HMAC for the pages and the anonymous caller's token. */
  secret: string;
  /** A billed minute (60 000; shorter in tests and demos). */
  minuteMs: number;
  centsPerMinute?: number;
  tokenTtlMs?: number;
  now: () => number;
  /** The shared rate limits (decision 0027): token entries per session and per address. */
  rateLimits?: RateLimitStore;
}

/** 10^8 tokens valid 15 minutes: a session may try 10 codes, an address 30, per 10 minutes. */
export const TOKEN_ENTRIES_PER_SESSION: Limit = {
  name: 'voicecall-token-session',
  max: 10,
  windowMs: 600_000,
};
export const TOKEN_ENTRIES_PER_IP: Limit = { name: 'voicecall-token-ip', max: 30, windowMs: 600_000 };

export interface CallStarted {
  providerCallId: string;
  from: string;
  actorId: number;
  /** The provider checked the caller's age on this line (default false: not checked). */
  ageVerified?: boolean;
}

export interface CallStartAnswer {
  providerCallId: string;
  caller: 'guest' | 'anonymous';
  accessToken: string | null;
  replacedCall: boolean;
}

export interface CallEndAnswer {
  providerCallId: string;
  exitCode: number;
  billedMinutes: number;
  billedCents: number;
}

const NO_CALL: VoiceCallState = { isVoicecallActive: false, isAnonymousVoicecall: false, call: null };
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function createVoiceCallService(deps: VoiceCallServiceDeps) {
  const repository = createVoiceCallRepository(deps.db);
  const centsPerMinute = deps.centsPerMinute ?? VOICE_CALL_CENTS_PER_MINUTE;
  const limiter = deps.rateLimits ? createRateLimiter(deps.rateLimits) : null;

  /** Spec 7 `voicecallIdHash`: what pages learn of a call, never its id. */
  const hashOf = (callId: string) =>
    createHmac('sha256', deps.secret).update(`voicecall:${callId}`).digest('base64url').slice(0, 32);

  /** The anonymous caller's token, derived from the call id (a replayed webhook gets it again). */
  function tokenOf(callId: string): string {
    const digest = createHmac('sha256', deps.secret).update(`voicecall-token:${callId}`).digest();
    return (digest.readBigUInt64BE(0) % 10n ** BigInt(VOICE_CALL_TOKEN_DIGITS))
      .toString()
      .padStart(VOICE_CALL_TOKEN_DIGITS, '0');
  }

  /** Who owns the call's video: the guest, or the anonymous caller's stand-in (once claimed). */
  const videoOwnerOf = (call: VoiceCallRow) => call.guestId ?? call.callerGuestId;

  async function viewOf(call: VoiceCallRow, anonymous: boolean): Promise<VoiceCallState> {
    const owner = videoOwnerOf(call);
    const [actor, liveSessionId] = await Promise.all([
      deps.actors.actorForChat(call.actorId),
      owner !== null && deps.video ? deps.video.current(owner, call.actorId) : null,
    ]);
    return {
      isVoicecallActive: true,
      isAnonymousVoicecall: anonymous,
      call: {
        voicecallIdHash: hashOf(call.id),
        actorId: call.actorId,
        actorName: actor?.name ?? '',
        startedAt: call.startedAt.toISOString(),
        centsPerMinute,
        liveSessionId,
      },
    };
  }

  /**
   * Opens the call's video for its guest or stand-in; a refusal (or a failure) leaves the call running
   * without it (the stand-in of a line without age check: NEED_AGE_CHECK 601).
   */
  async function openVideo(call: VoiceCallRow): Promise<VoiceCallVideoAnswer['refusal']> {
    const owner = videoOwnerOf(call);
    if (owner === null || !deps.video) return { code: 'NO_MEDIA_PATH', exitCode: null };
    try {
      const opened = await deps.video.open({
        guestId: owner,
        actorId: call.actorId,
        callKey: `voicecall:${call.id}`,
      });
      return opened.ok ? null : { code: opened.code, exitCode: opened.exitCode };
    } catch (error) {
      deps.log.warn({ err: error, callId: call.id }, 'voicecall: the call has no video');
      return { code: 'VIDEO_FAILED', exitCode: null };
    }
  }

  function startAnswer(call: VoiceCallRow, replacedCall: boolean): CallStartAnswer {
    return {
      providerCallId: call.providerCallId,
      caller: call.guestId === null ? 'anonymous' : 'guest',
      accessToken: call.guestId === null ? tokenOf(call.id) : null,
      replacedCall,
    };
  }

  /** Ends a running call once: bills its started minutes and marks it ended in one transaction. */
  async function endCall(callId: string, exitCode: VoiceCallExitCode): Promise<VoiceCallRow> {
    const endedAt = new Date(deps.now());
    const known = await repository.byId(callId);
    if (!known) throw new AppError('VOICECALL_NOT_FOUND', 'No such call', 404);
    // The accounts first, outside the transaction (the caller and performer of a call never change).
    const chatKey = `voicecall:${callId}:chat`;
    const [clearing, wallet, earnings, revenue] = await Promise.all([
      deps.wallet.accountOf('provider-clearing', CLEARING_OWNER),
      known.guestId === null ? undefined : deps.wallet.walletOf(known.guestId),
      deps.wallet.accountOf('performer-earnings', { ref: String(known.actorId) }),
      deps.wallet.accountOf('platform-revenue', { ref: revenueShardOf(chatKey) }),
    ]);
    const result = await deps.wallet.atomically(async (tx, ledger) => {
      const store = createVoiceCallRepository(tx);
      const call = await store.lock(callId);
      if (!call) throw new AppError('VOICECALL_NOT_FOUND', 'No such call', 404);
      if (call.status !== 'active') return { call, ended: false };
      const minutes = voiceCallBilledMinutes(endedAt.getTime() - call.startedAt.getTime(), deps.minuteMs);
      const cents = minutes * centsPerMinute;
      const reference = { voicecallId: call.id, paytype: 'Voice', minutes, actorId: call.actorId };
      if (cents > 0 && call.guestId !== null && wallet) {
        await ledger.transfer({
          idempotencyKey: `voicecall:${call.id}:voice`,
          kind: 'top-up',
          postings: [
            { account: clearing.id, amountCents: -cents },
            { account: wallet.id, amountCents: cents },
          ],
          reference: { ...reference, guestId: call.guestId },
        });
        await ledger.purchase(call.guestId, cents, chatKey, {
          kind: 'chat',
          performerId: call.actorId,
          reference,
        });
      } else if (cents > 0) {
        const { performerCents, platformCents } = splitPurchase(cents, DEFAULT_PERFORMER_SHARE);
        await ledger.transfer({
          idempotencyKey: chatKey,
          kind: 'chat',
          postings: [
            { account: clearing.id, amountCents: -cents },
            ...(performerCents > 0 ? [{ account: earnings.id, amountCents: performerCents }] : []),
            ...(platformCents > 0 ? [{ account: revenue.id, amountCents: platformCents }] : []),
          ],
          reference: { ...reference, performerId: call.actorId },
        });
      }
      const values = { endedAt, exitCode, billedMinutes: minutes, billedCents: cents };
      await store.markEnded(call.id, values);
      return { call: { ...call, ...values, status: 'ended' as const }, ended: true };
    });
    const owner = videoOwnerOf(result.call);
    if (result.ended && owner !== null) {
      // Spec 8: the call's video ends with the call's code (903 hangup, 904 new call); the caller's
      // pages (the guest's, or the anonymous caller's socket on the stand-in's channel) hear the stop.
      await deps.video?.end(owner, result.call.actorId, exitCode).catch((error: unknown) => {
        deps.log.warn({ err: error, callId }, 'voicecall: the video did not end with the call');
      });
      await publishToGuest(
        deps.bus,
        owner,
        { type: 'voicecallStop', voicecallIdHash: hashOf(result.call.id) },
        deps.log,
      );
    }
    return result.call;
  }

  async function insertCall(input: CallStarted, guestId: number | null): Promise<VoiceCallRow> {
    // A token equal to a running call's (1 in 10^8 per running call) takes a new call id.
    for (let attempt = 0; ; attempt++) {
      const id = randomUUID();
      try {
        return await repository.insert({
          id,
          providerCallId: input.providerCallId,
          fromE164: input.from,
          actorId: input.actorId,
          guestId,
          tokenHash: guestId === null ? sha256(tokenOf(id)) : null,
          lineAgeVerified: input.ageVerified ?? false,
          startedAt: new Date(deps.now()),
        });
      } catch (error) {
        if (uniqueViolation(error) === 'voice_calls_token_unique' && attempt < 3) continue;
        throw error;
      }
    }
  }

  return {
    hashOf,

    /** The provider reports a call to a performer's voice number (idempotent by its call id). */
    async callStarted(input: CallStarted): Promise<CallStartAnswer> {
      const known = await repository.byProviderCallId(input.providerCallId);
      if (known) {
        if (known.status !== 'active') throw new AppError('VOICECALL_ENDED', 'This call has ended', 409);
        return startAnswer(known, false);
      }
      const actor = await deps.actors.actorForChat(input.actorId);
      if (!actor) throw new AppError('ACTOR_NOT_FOUND', 'No such performer', 404);
      if (!actor.chat.isOnline) {
        throw new AppError('VOICECALL_ACTOR_OFFLINE', 'The performer is not online to take a call', 409);
      }
      const guestId = (await deps.verifiedPhones?.guestOf(input.from)) ?? null;
      let replacedCall = false;
      for (let attempt = 0; ; attempt++) {
        // Spec 8 904: a new call of the same guest (or the same number) ends the running one.
        const running =
          (guestId !== null ? await repository.activeOfGuest(guestId) : undefined) ??
          (await repository.activeFrom(input.from));
        if (running) {
          await endCall(running.id, VOICE_CALL_NEW_CHAT_EXIT_CODE);
          replacedCall = true;
        }
        try {
          const call = await insertCall(input, guestId);
          if (guestId !== null) {
            // The performer's video and chat open with the call (spec 4 "Voice call start sets active").
            await openVideo(call);
            await publishToGuest(
              deps.bus,
              guestId,
              {
                type: 'voicecallStart',
                voicecallIdHash: hashOf(call.id),
                actorId: call.actorId,
                actorName: actor.name,
              },
              deps.log,
            );
          }
          return startAnswer(call, replacedCall);
        } catch (error) {
          const index = uniqueViolation(error);
          if (index === 'voice_calls_provider_call_unique') {
            const winner = await repository.byProviderCallId(input.providerCallId);
            if (winner) return startAnswer(winner, replacedCall);
          }
          // Another call of this guest or number started meanwhile: end it too, once more.
          if (
            (index === 'voice_calls_guest_active_unique' || index === 'voice_calls_from_active_unique') &&
            attempt < 2
          )
            continue;
          throw error;
        }
      }
    },

    /** The provider reports the hangup (903); a repeated report answers the stored end. */
    async callEnded(providerCallId: string): Promise<CallEndAnswer> {
      const known = await repository.byProviderCallId(providerCallId);
      if (!known) throw new AppError('VOICECALL_NOT_FOUND', 'No such call', 404);
      const call = known.status === 'active' ? await endCall(known.id, VOICE_CALL_HANGUP_EXIT_CODE) : known;
      return {
        providerCallId,
        exitCode: call.exitCode ?? VOICE_CALL_HANGUP_EXIT_CODE,
        billedMinutes: call.billedMinutes ?? 0,
        billedCents: call.billedCents ?? 0,
      };
    },

    /** Spec 3 `isVoicecallActive` / `isAnonymousVoicecall` of the caller: a guest, or a visitor's session. */
    async stateOf(caller: { guestId: number | null; sessionId: number | null }): Promise<VoiceCallState> {
      if (caller.guestId !== null) {
        const call = await repository.activeOfGuest(caller.guestId);
        return call ? viewOf(call, false) : NO_CALL;
      }
      if (caller.sessionId === null) return NO_CALL;
      const call = await repository.activeOfSession(caller.sessionId);
      return call ? viewOf(call, true) : NO_CALL;
    },

    /**
     * `POST voicecall/video`: the logged-in guest's running call's video, opened again when its session
     * ended otherwise (the performer's page reconnects, the guest reloads); 404 without a running call.
     */
    async video(guestId: number): Promise<VoiceCallVideoAnswer> {
      const call = await repository.activeOfGuest(guestId);
      if (!call) throw new AppError('VOICECALL_NOT_FOUND', 'You are not on a voice call', 404);
      const refusal = await openVideo(call);
      return { state: await viewOf(call, false), refusal };
    },

    /** Spec 7 "anonymous voice call chat (accessToken, actorId)": 2000 or another result code. */
    async anonymousChat(input: {
      accessToken: string;
      actorId: number;
      sessionId: number;
      loggedIn: boolean;
      /** The caller's address (the per-address limit). */
      ip?: string;
    }): Promise<{
      resultCode: AnonymousVoiceCallResult;
      state: VoiceCallState;
      refusal: VoiceCallVideoAnswer['refusal'];
    }> {
      if (limiter) {
        await limiter.take(TOKEN_ENTRIES_PER_SESSION, String(input.sessionId));
        if (input.ip) await limiter.take(TOKEN_ENTRIES_PER_IP, input.ip);
      }
      const token = normalizeVoiceCallToken(input.accessToken);
      const found = token === null ? undefined : await repository.byTokenHash(sha256(token));
      // The stored hash matched; compare again in constant time (a hash prefix is never enough).
      const call = found && token !== null && sameToken(found.id, token) ? found : undefined;
      const view = (row: VoiceCallRow | undefined) =>
        row && {
          actorId: row.actorId,
          status: row.status,
          startedAt: row.startedAt.getTime(),
          claimedBySession: row.claimedSessionId,
        };
      const decide = (row: VoiceCallRow | undefined) =>
        decideAnonymousJoin({
          call: view(row),
          actorId: input.actorId,
          sessionId: input.sessionId,
          loggedIn: input.loggedIn,
          now: deps.now(),
          ...(deps.tokenTtlMs !== undefined ? { tokenTtlMs: deps.tokenTtlMs } : {}),
        });
      let resultCode = decide(call);
      if (resultCode === ANONYMOUS_VOICE_CALL_RESULTS.OK && call && call.claimedSessionId === null) {
        if (!(await claim(call, input.sessionId)))
          resultCode = decide(await repository.byProviderCallId(call.providerCallId));
      }
      if (resultCode !== ANONYMOUS_VOICE_CALL_RESULTS.OK || !call) {
        return {
          resultCode,
          state: await this.stateOf({ guestId: null, sessionId: input.sessionId }),
          refusal: null,
        };
      }
      // The call's video (again for the same session: the running one, or a reopen after it ended).
      const claimed = (await repository.byId(call.id)) ?? call;
      const refusal = await openVideo(claimed);
      return { resultCode, state: await viewOf(claimed, true), refusal };
    },

    /** The anonymous voice caller of a visitor session: the stand-in and its running video, else null. */
    async callerOf(sessionId: number): Promise<{ guestId: number; liveSessionId: string | null } | null> {
      const call = await repository.activeOfSession(sessionId);
      if (!call?.callerGuestId) return null;
      const liveSessionId = deps.video ? await deps.video.current(call.callerGuestId, call.actorId) : null;
      return { guestId: call.callerGuestId, liveSessionId };
    },
  };

  /**
   * The first session's claim of an anonymous call and its stand-in guest, in one transaction: the
   * stand-in exists exactly when the claim does. False when another session was first.
   */
  async function claim(call: VoiceCallRow, sessionId: number): Promise<boolean> {
    return deps.db.transaction(async (tx) => {
      if (!(await createVoiceCallRepository(tx).claim(call.id, sessionId))) return false;
      if (deps.standIns) {
        const standIn = await deps.standIns(tx).create(call.id, { ageVerified: call.lineAgeVerified });
        await createVoiceCallRepository(tx).setCallerGuest(call.id, standIn);
      }
      return true;
    });
  }

  function sameToken(callId: string, token: string): boolean {
    const a = Buffer.from(tokenOf(callId));
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

export type VoiceCallService = ReturnType<typeof createVoiceCallService>;
