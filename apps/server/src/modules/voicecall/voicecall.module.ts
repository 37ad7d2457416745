/**
 * Voice calls (issue 18, decision 0051): the telephony side's inbound calls (a provider's webhook;
 * in the demo the sandbox phone, never in production), the caller's voice call state, the anonymous
 * voice caller's entry (REST and GraphQL) and the guest's resync snapshot of a running call.
 */
import type { ActorChatReads } from '../catalog/actor-chat.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { sandboxPhonePage } from './sandbox-phone.page.ts';
import { sandboxTelephonyRoutes } from './telephony-calls.ts';
import { voicecallGraphql } from './voicecall.graphql.ts';
import { voicecallRoutes } from './voicecall.routes.ts';
import {
  createVoiceCallService,
  type StandInsPort,
  type VerifiedPhonesPort,
  type VoiceCallService,
  type VoiceCallVideoPort,
} from './voicecall.service.ts';

export interface VoiceCallModuleDeps extends FeatureModuleDeps {
  actors: Pick<ActorChatReads, 'actorForChat'>;
  secret: string;
  /** The pincall module's verified numbers; without it every caller is anonymous. */
  verifiedPhones?: VerifiedPhonesPort;
  /** The live module's voice-call sessions (the call's video); without a media path none. */
  video?: VoiceCallVideoPort;
  /** The guests module's stand-ins of anonymous callers (their video); without it none. */
  standIns?: StandInsPort;
  now?: () => number;
}

export function createVoiceCallModule(
  deps: VoiceCallModuleDeps,
): FeatureModule & { service: VoiceCallService } {
  const service = createVoiceCallService({
    db: deps.db,
    wallet: deps.wallet,
    bus: deps.bus,
    log: deps.log,
    actors: deps.actors,
    secret: deps.secret,
    minuteMs: deps.config.liveMinuteMs,
    now: deps.now ?? Date.now,
    rateLimits: deps.guests.rateLimits,
    ...(deps.verifiedPhones ? { verifiedPhones: deps.verifiedPhones } : {}),
    ...(deps.video ? { video: deps.video } : {}),
    ...(deps.standIns ? { standIns: deps.standIns } : {}),
  });
  const sandbox = deps.config.nodeEnv !== 'production' ? sandboxTelephonyRoutes(service) : undefined;
  return {
    service,
    rest: async (app) => {
      await app.register(voicecallRoutes({ auth: deps.auth, service }));
      if (sandbox) await app.register(sandbox);
    },
    graphql: voicecallGraphql(service),
    // A logged-in page learns a running call from its socket's snapshot (every (re)connect), not a request.
    snapshot: async (guestId) => ({ voiceCall: (await service.stateOf({ guestId, sessionId: null })).call }),
    // The sandbox phone page (/dev/phone) of local runs, where the demo dials (decision 0051).
    routes: sandboxPhonePage({ enabled: deps.config.nodeEnv !== 'production' }),
  };
}
