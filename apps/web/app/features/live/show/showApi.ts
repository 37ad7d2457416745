/**
 * The live-show tab's show call (issue 18; contracts ticket-show.ts): the performer's running (or
 * next) show and whether the guest holds its ticket. The declaration loads with this chunk.
 */
import type { ActorShowState } from '@vela/contracts/ticket-show';
import { endpointData } from '../../api/rest.ts';

export async function fetchShowState(actorId: number): Promise<ActorShowState> {
  const { showEndpoints } = await import('@vela/contracts/ticket-show');
  return endpointData(showEndpoints.state, { params: { actorId } });
}
