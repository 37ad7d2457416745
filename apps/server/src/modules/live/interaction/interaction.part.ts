/**
 * The live module's interaction part (issue 18, decision 0052), built by live.module.ts: the service,
 * its REST routes and its socket message (`sendLiveReaction`). Kept apart so the module file only
 * wires it.
 */

import type { GuestSocketEvent } from '@vela/contracts/socket';
import type { Db } from '@vela/db/client';
import type { FastifyPluginAsync } from 'fastify';
import type { FeatureModuleDeps } from '../../feature-module.ts';
import type { SocketHandlers } from '../../realtime/socket.types.ts';
import type { ToysService } from '../../toys/toys.service.ts';
import type { LiveRepository } from '../live.repository.ts';
import { interactionRoutes } from './interaction.routes.ts';
import { createLiveInteraction, type PerformerInteraction, TOY_CHAT_TYPES } from './interaction.service.ts';
import { createTipsRepository } from './tips.repository.ts';

export interface InteractionPartDeps {
  db: Db;
  wallet: FeatureModuleDeps['wallet'];
  auth: FeatureModuleDeps['auth'];
  guests: Pick<FeatureModuleDeps['guests'], 'guestById'>;
  live: Pick<LiveRepository, 'sessionById'>;
  publish: (guestId: number, event: GuestSocketEvent) => Promise<unknown>;
  performer: { interaction?(actorId: number, event: PerformerInteraction): void };
  toys?: Pick<ToysService, 'act' | 'control' | 'hasToy'>;
  now: () => number;
}

export function createInteractionPart(deps: InteractionPartDeps) {
  const tips = createTipsRepository(deps.db);
  const interaction = createLiveInteraction({
    live: deps.live,
    tips,
    wallet: deps.wallet,
    ...(deps.toys ? { toys: deps.toys } : {}),
    guestName: async (guestId) => (await deps.guests.guestById(guestId))?.screenName ?? '',
    publish: deps.publish,
    performer: (actorId, event) => deps.performer.interaction?.(actorId, event),
    now: deps.now,
  });
  const socket: SocketHandlers = {
    async sendLiveReaction(context, message) {
      await interaction.reaction(context.guestId, message.sessionId, message.reaction);
      return undefined;
    },
  };
  const routes: FastifyPluginAsync = interactionRoutes({ auth: deps.auth, interaction });
  return {
    interaction,
    routes,
    socket,
    /** The session's tips (the session view and the receipt). */
    tipsOf: (sessionId: string) => interaction.tipsOf(sessionId),
    /**
     * chatEnd `isToyControl` (spec 3), decided here: toy control was available in the chat — the
     * performer has a toy and the chat is one with toy actions (livechat, video call).
     */
    toyControlAvailable: async (actorId: number, type: string) =>
      (TOY_CHAT_TYPES as readonly string[]).includes(type) && deps.toys ? deps.toys.hasToy(actorId) : false,
    close: () => interaction.close(),
  };
}
export type InteractionPart = ReturnType<typeof createInteractionPart>;
