/**
 * The live chat REST calls of the page (decision 0038 part 2, declared in @vela/contracts/live):
 * start, the session as a reload sees it, exit, the receipt and the chat rating (`survey/chatexit`).
 * Every failure is a `RestError` with the server's code (../../api/rest.ts).
 */
import type { Language } from '@vela/contracts/common';
import {
  type ChatRating,
  type LiveActorChatTypes,
  type LiveOffers,
  type LivePreviewAllowance,
  type LiveReceipt,
  type LiveSessionView,
  type LiveStartAnswer,
  type LiveStartRequest,
  liveEndpoints,
} from '@vela/contracts/live';
import { endpointData } from '../../api/rest.ts';

/** Starts a chat; `lang` (spec 7's language parameter) is the language the performer answers in. */
export function startLiveChat(request: LiveStartRequest, lang: Language): Promise<LiveStartAnswer> {
  return endpointData(liveEndpoints.start, { body: request, query: { lang } });
}

/** The paid chat types the performer offers now, with their prices (the start area's offers). */
export function fetchChatTypes(actorId: number): Promise<LiveActorChatTypes> {
  return endpointData(liveEndpoints.chatTypes, { params: { actorId } });
}

export function fetchLiveSession(sessionId: string): Promise<LiveSessionView> {
  return endpointData(liveEndpoints.session, { params: { sessionId } });
}

export async function exitLiveChat(sessionId: string): Promise<{ status: string; exitCode: number | null }> {
  return endpointData(liveEndpoints.exit, { params: { sessionId }, body: {} });
}

export function fetchLiveReceipt(sessionId: string): Promise<LiveReceipt> {
  return endpointData(liveEndpoints.receipt, { params: { sessionId } });
}

export async function rateLiveChat(chatId: string, rating: ChatRating): Promise<void> {
  await endpointData(liveEndpoints.chatExitSurvey, { body: { chatId, rating } });
}

/** The live-show tab's free offers of a performer (a preview's units, the free chat time). */
export function fetchLiveOffers(actorId: number): Promise<LiveOffers> {
  return endpointData(liveEndpoints.offers, { params: { actorId } });
}

/** "No thanks" to the free preview modal: it stays closed 15 minutes (spec 7 free preview decline). */
export function declineFreePreview(): Promise<LivePreviewAllowance> {
  return endpointData(liveEndpoints.previewDecline, { body: {} });
}
