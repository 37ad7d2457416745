/**
 * The conversion chat's calls (decision 0047): spec 7 `guest/conversionChat` (enable, disable), the
 * trial code through `guest/redeemBonus` (decision 0014), and the query-language read
 * `conversionChatActors` (spec 9: 30; no token needed). Loaded with the modal and the offer only.
 */
import type { Language } from '@vela/contracts/common';
import {
  type ConversionChatActor,
  ConversionChatActorsSchema,
  conversionChatEndpoints,
} from '@vela/contracts/conversion-chat';
import { promotionsEndpoints } from '@vela/contracts/promotions-api';
import { CONVERSION_CHAT_TRIAL_CODE } from '@vela/domain/conversion-chat';
import { endpointCall, endpointData, RestError } from '../../api/rest.ts';

export async function setConversionChat(action: 'enable' | 'disable'): Promise<string | null> {
  const data = await endpointData(conversionChatEndpoints.conversionChat, { body: { action } });
  return data.conversionChatCountdownEnds;
}

/** Redeems the trial code (the answer's reward is the promotions module's; the modal only says it is done). */
export async function redeemTrialCode(): Promise<void> {
  await endpointCall(promotionsEndpoints.redeemBonus, { body: { code: CONVERSION_CHAT_TRIAL_CODE } });
}

const ACTORS_QUERY =
  '{ conversionChatActors { id name isOnline isActorAvailableForConversionChat avatar { key ageRating aspect } } }';

export async function loadConversionChatActors(lang: Language): Promise<ConversionChatActor[]> {
  let response: Response;
  try {
    response = await fetch(`/graphql?lang=${lang}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ query: ACTORS_QUERY }),
    });
  } catch {
    throw new RestError('NETWORK', 'No answer from the server', 0);
  }
  const body = (await response.json().catch(() => null)) as {
    data?: { conversionChatActors?: unknown };
  } | null;
  const parsed = ConversionChatActorsSchema.safeParse(body?.data?.conversionChatActors);
  if (!response.ok || !parsed.success)
    throw new RestError('UNKNOWN', 'Performers unavailable', response.status);
  return parsed.data;
}

/** The error code of a failed call (RestError's, else UNKNOWN). */
export const codeOf = (error: unknown) => (error instanceof RestError ? error.code : 'UNKNOWN');
