/**
 * Voice calls (decision 0051): the caller's voice call state (spec 3 `isVoicecallActive`,
 * `isAnonymousVoicecall`), the anonymous caller's entry (spec 7 "anonymous voice call chat (accessToken,
 * actorId)", result 2000 or an error code), and the telephony sandbox's inbound calls (outside
 * production only: what a real provider's webhook reports).
 */
import { ANONYMOUS_VOICE_CALL_RESULTS, VOICE_CALL_VISITOR_RELOAD_MS } from '@vela/domain/voice-call';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import type { ClientSocketMessageType } from './socket.ts';

export { ANONYMOUS_VOICE_CALL_RESULTS, VOICE_CALL_VISITOR_RELOAD_MS };

const ActorId = z.number().int().positive();

/** The running call as its caller's pages see it (never the call id: its hash). */
export const VoiceCallViewSchema = z.object({
  voicecallIdHash: z.string(),
  actorId: ActorId,
  actorName: z.string(),
  startedAt: z.string(),
  centsPerMinute: z.number().int().positive(),
  /**
   * The performer's video and text chat of the call (a live session of type `voice-call`, decision
   * 0051): its id while one runs for this caller, else null (not opened yet, refused, or ended).
   */
  liveSessionId: z.string().nullable(),
});
export type VoiceCallView = z.infer<typeof VoiceCallViewSchema>;

export const VoiceCallStateSchema = z.object({
  isVoicecallActive: z.boolean(),
  isAnonymousVoicecall: z.boolean(),
  call: VoiceCallViewSchema.nullable(),
});
export type VoiceCallState = z.infer<typeof VoiceCallStateSchema>;

/** The web's entry: the token as typed (spaces and dashes allowed) and the page's performer. */
export const AnonymousVoiceCallRequestSchema = z.object({
  accessToken: z.string().min(1).max(40),
  actorId: ActorId,
});

/** Why the live engine did not open the call's video: its start refusal code and spec 8 exit code. */
export const VoiceCallVideoRefusalSchema = z.object({
  code: z.string(),
  exitCode: z.number().int().nullable(),
});

/**
 * 2000 opens the anonymous caller's video (decision 0051: a stand-in guest of the call owns its live
 * session, `state.call.liveSessionId`); `refusal` says why not (NEED_AGE_CHECK 601 when the
 * telephony provider did not check the caller's age on the line) — the call goes on without it.
 */
export const AnonymousVoiceCallAnswerSchema = z.object({
  resultCode: z.number().int(),
  state: VoiceCallStateSchema,
  refusal: VoiceCallVideoRefusalSchema.nullable(),
});
export type AnonymousVoiceCallAnswer = z.infer<typeof AnonymousVoiceCallAnswerSchema>;

/**
 * `POST voicecall/video`: the logged-in caller's page asks for the call's video (opened at the call's
 * start; again after that session ended otherwise). `refusal`: why the live engine did not open it
 * (its start refusal code and spec 8 exit code, e.g. PERFORMER_IN_SINGLE 906) — the call goes on.
 */
export const VoiceCallVideoAnswerSchema = z.object({
  state: VoiceCallStateSchema,
  refusal: VoiceCallVideoRefusalSchema.nullable(),
});
export type VoiceCallVideoAnswer = z.infer<typeof VoiceCallVideoAnswerSchema>;

const Phone = z.string().regex(/^\+[1-9]\d{6,14}$/, 'E.164, e.g. +4930123456');
const ProviderCallId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.:-]+$/);

export const SandboxDialRequestSchema = z.object({
  providerCallId: ProviderCallId,
  from: Phone,
  actorId: ActorId,
  /**
   * The line checked the caller's age (an age-verified premium line: the provider's IVR checked the
   * caller's ID before connecting). Only then may an anonymous caller see the performer's video.
   */
  ageVerified: z.boolean().default(false),
});
/** What the telephony side learns: the anonymous caller's token (the IVR speaks it), null for a guest. */
export const SandboxDialAnswerSchema = z.object({
  providerCallId: z.string(),
  caller: z.enum(['guest', 'anonymous']),
  accessToken: z.string().nullable(),
  replacedCall: z.boolean(),
});
export const SandboxHangupRequestSchema = z.object({ providerCallId: ProviderCallId });
export const SandboxHangupAnswerSchema = z.object({
  providerCallId: z.string(),
  exitCode: z.number().int(),
  billedMinutes: z.number().int().nonnegative(),
  billedCents: z.number().int().nonnegative(),
});

/**
 * What the anonymous voice caller's socket may send besides `requestSession` and `ping` (decision
 * 0051): the live messages of its call's one session (watch, answer the offers, say the media is
 * up, write, leave), dispatched as the call's stand-in. Nothing paid (tips, toys), no camera.
 */
export const VOICE_CALLER_SOCKET_MESSAGES: readonly ClientSocketMessageType[] = [
  'liveJoin',
  'liveAnswer',
  'liveIceCandidate',
  'liveMediaUp',
  'liveMessage',
  'liveExit',
];

export const voicecallEndpoints = {
  state: defineEndpoint({
    method: 'GET',
    path: 'voicecall/state',
    response: VoiceCallStateSchema,
    errors: [],
  }),
  anonymousChat: defineEndpoint({
    method: 'POST',
    path: 'voicecall/anonymous',
    body: AnonymousVoiceCallRequestSchema,
    response: AnonymousVoiceCallAnswerSchema,
    /** And RATE_LIMITED: 10 codes per session, 30 per address, per 10 minutes. */
    errors: ['UNAUTHORIZED'],
  }),
  video: defineEndpoint({
    method: 'POST',
    path: 'voicecall/video',
    response: VoiceCallVideoAnswerSchema,
    errors: ['UNAUTHORIZED', 'VOICECALL_NOT_FOUND'],
  }),
  sandboxDial: defineEndpoint({
    method: 'POST',
    path: 'voicecall/sandbox/dial',
    body: SandboxDialRequestSchema,
    response: SandboxDialAnswerSchema,
    errors: ['ACTOR_NOT_FOUND', 'VOICECALL_ACTOR_OFFLINE', 'VOICECALL_ENDED'],
  }),
  sandboxHangup: defineEndpoint({
    method: 'POST',
    path: 'voicecall/sandbox/hangup',
    body: SandboxHangupRequestSchema,
    response: SandboxHangupAnswerSchema,
    errors: ['VOICECALL_NOT_FOUND'],
  }),
} as const;
