/** The in-session interaction calls (contracts live-interaction.ts); failures are RestErrors with the server's code. */
import {
  type LiveTip,
  liveInteractionEndpoints,
  type ToyAction,
  type ToyOffer,
} from '@vela/contracts/live-interaction';
import type { ToyPreset } from '@vela/domain/toy-control';
import { endpointData } from '../../api/rest.ts';

export function sendTip(sessionId: string, tipId: string, amountCoins: number): Promise<LiveTip> {
  return endpointData(liveInteractionEndpoints.tip, { params: { sessionId }, body: { tipId, amountCoins } });
}

export function fetchToyOffer(actorId: number): Promise<ToyOffer> {
  return endpointData(liveInteractionEndpoints.toyOffer, { params: { actorId } });
}

export function sendToyAction(sessionId: string, actionId: string, preset: ToyPreset): Promise<ToyAction> {
  return endpointData(liveInteractionEndpoints.toyAction, {
    params: { sessionId },
    body: { actionId, preset },
  });
}
