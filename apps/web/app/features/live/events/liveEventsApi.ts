/** The special live events' calls (contracts live-events.ts); failures are RestErrors with the server's code. */
import { type ClashView, clashEndpoints, freeShowEndpoints } from '@vela/contracts/live-events';
import { endpointData } from '../../api/rest.ts';

export function fetchClash(actorId: number) {
  return endpointData(clashEndpoints.current, { query: { actorId } });
}

export function voteInClash(clashId: number, actorId: number): Promise<ClashView> {
  return endpointData(clashEndpoints.vote, { params: { clashId }, body: { actorId } });
}

export function fetchFreeShow(actorId: number) {
  return endpointData(freeShowEndpoints.state, { params: { actorId } });
}
