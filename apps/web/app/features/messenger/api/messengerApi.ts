/**
 * The messenger's REST calls (issue 19; contracts messenger.ts, decision 0032): a conversation and its
 * older pages, marking read, sending, archive and block, paid media, the toy, the gifts catalogue,
 * the guest's channel with a performer, recommendations and the failure report. The declarations
 * (with zod) load with the messenger's chunks, never with the first load of another page. Every call
 * names the page's language (`lang`): the server writes the channel texts, gift names and the
 * performer's answers in it, not in the browser's Accept-Language.
 */
import type { Language } from '@vela/contracts/common';
import type { MessengerSend } from '@vela/contracts/messenger';
import type { ToyPreset } from '@vela/domain/toy-control';
import { endpointCall, endpointData } from '../../api/rest.ts';

const endpoints = () => import('@vela/contracts/messenger').then((contract) => contract.messengerEndpoints);

export async function loadConversation(lang: Language, channelId: string, before?: string) {
  return endpointData((await endpoints()).conversation, {
    params: { channelId },
    query: before ? { lang, before } : { lang },
  });
}

export async function touchChannel(lang: Language, channelId: string) {
  return endpointData((await endpoints()).touch, { params: { channelId }, query: { lang } });
}

export async function sendMessage(lang: Language, channelId: string, body: Omit<MessengerSend, 'channelId'>) {
  return endpointData((await endpoints()).send, { params: { channelId }, query: { lang }, body });
}

export async function archiveChannel(lang: Language, channelId: string, status: boolean) {
  return endpointData((await endpoints()).archive, {
    params: { channelId },
    query: { lang },
    body: { status },
  });
}

export async function blockChannel(lang: Language, channelId: string, blocked: boolean) {
  return endpointData((await endpoints()).block, {
    params: { channelId },
    query: { lang },
    body: { blocked },
  });
}

export async function buyMedia(lang: Language, channelId: string, mediaId: string, idempotencyKey: string) {
  return endpointData((await endpoints()).buyMedia, {
    params: { channelId, mediaId },
    query: { lang },
    body: { idempotencyKey },
  });
}

export async function sendToyAction(lang: Language, channelId: string, actionId: string, preset: ToyPreset) {
  return endpointData((await endpoints()).toy, {
    params: { channelId },
    query: { lang },
    body: { actionId, preset },
  });
}

export async function loadToyOffer(actorId: number) {
  const { liveInteractionEndpoints } = await import('@vela/contracts/live-interaction');
  return endpointData(liveInteractionEndpoints.toyOffer, { params: { actorId } });
}

export async function loadGifts(lang: Language) {
  return endpointData((await endpoints()).gifts, { query: { lang } });
}

export async function channelForActor(lang: Language, actorId: number) {
  return endpointData((await endpoints()).channelForActor, { params: { actorId }, query: { lang } });
}

/**
 * Spec 7 `recommendations`: `layout` grid (useGrid 1: 8 performers) or slider (useGrid 0: 5), preview
 * pictures up to `fsk` (18 is answered only past the guest's age check).
 */
export async function loadRecommendations(
  lang: Language,
  ask: {
    layout: 'grid' | 'slider';
    fsk: 16 | 18;
    currentActorId?: number;
  },
) {
  return endpointData((await endpoints()).recommendations, {
    query: {
      lang,
      useGrid: ask.layout === 'grid' ? '1' : '0',
      fsk: ask.fsk === 18 ? '18' : '16',
      ...(ask.currentActorId ? { currentActorId: ask.currentActorId } : {}),
    },
  });
}

/** Spec 7 `logger/vxmessengerError`: never throws (a report that fails is dropped). */
export async function reportMessengerError(report: {
  message: string;
  channelId?: string;
  context?: string;
}) {
  try {
    await endpointCall((await endpoints()).logError, {
      body: {
        message: report.message.slice(0, 500),
        ...(report.channelId ? { channelId: report.channelId } : {}),
        ...(report.context ? { context: report.context.slice(0, 100) } : {}),
      },
    });
  } catch {
    // Reporting must not fail the page.
  }
}
