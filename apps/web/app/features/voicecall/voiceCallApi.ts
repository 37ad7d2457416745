/**
 * The voice call's calls (decision 0051): the caller's state (`voicecall/state`, a guest's or the
 * visitor session's) and the anonymous voice caller's token entry (`voicecall/anonymous`, the REST
 * twin of GraphQL `anonymousVoiceCallChat`). A visitor's session is made first (`guest/accessToken`
 * creates it lazily), because the token binds to the browser session. Loaded on use only.
 */
import { guestEndpoints } from '@vela/contracts/guest-api';
import {
  type AnonymousVoiceCallAnswer,
  type VoiceCallState,
  type VoiceCallVideoAnswer,
  voicecallEndpoints,
} from '@vela/contracts/voicecall';
import { endpointCall, endpointData } from '../api/rest.ts';

export function loadVoiceCallState(): Promise<VoiceCallState> {
  return endpointData(voicecallEndpoints.state);
}

/** The logged-in caller's call's video: opened (or the running one) for the live-show tab. */
export function openVoiceCallVideo(): Promise<VoiceCallVideoAnswer> {
  return endpointData(voicecallEndpoints.video);
}

export async function enterVoiceCallToken(
  accessToken: string,
  actorId: number,
): Promise<AnonymousVoiceCallAnswer> {
  await endpointCall(guestEndpoints.accessToken);
  return endpointData(voicecallEndpoints.anonymousChat, { body: { accessToken, actorId } });
}
