/**
 * One live node with its performer side, as live.module.ts wires them (performer-api.test.ts,
 * live-simulator.test.ts): the live service and loop of test/live-node.ts telling a performer desk,
 * the desk feeding the service, presence's real online flag, and the performer API on the page
 * origin's real request pipeline (input guard, error answers) under /rest/v1.
 */
import type { Language } from '@vela/contracts/common';
import { PERFORMER_TOKEN_HEADER } from '@vela/contracts/performer-api';
import type { GuestSocketEvent } from '@vela/contracts/socket';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.ts';
import { createPageOriginApp } from '../src/http/pipeline.ts';
import { createActorPresenceRepository } from '../src/modules/catalog/catalog.repository.ts';
import { SESSION_COOKIE } from '../src/modules/guests/auth.ts';
import { createPerformerDesk, type PerformerDeskService } from '../src/modules/live/live.performer.ts';
import type { LiveMedia } from '../src/modules/live/media/live-media.ts';
import { performerRoutes, performerToken } from '../src/modules/live/performer.routes.ts';
import { createPresenceService, type PresenceService } from '../src/modules/presence/presence.service.ts';
import type { Factories } from './factories.ts';
import type { SignedUp } from './guest-helpers.ts';
import { type LiveNode, liveNodeOn } from './live-node.ts';
import type { TestApp } from './test-app.ts';

export const PERFORMER_SECRET = 'a-performer-api-secret-of-the-tests-0123456789';

export interface PerformerNode {
  live: LiveNode;
  desk: PerformerDeskService;
  /** Presence on the app's bus (the real online flag and events). */
  presence: PresenceService;
  /** The performer API of this node (call `close` after the suite). */
  api: FastifyInstance;
  /** What the loop told the guests' pages (liveMeter, chatEnd), in order. */
  published: { guestId: number; event: GuestSocketEvent }[];
  /** A guest with money whose age check is accepted (live streams are FSK-18). */
  chatGuest(make: Factories, balanceCents?: number): Promise<SignedUp>;
  /** A livechat the guest asked for, waiting for the performer (status `requested`). */
  requestChat(guestId: number, actorId: number, language?: Language): Promise<string>;
  /** The header of the performer's token. */
  tokenOf(actorId: number): Record<string, string>;
  /** The catalog's online flag of the performer. */
  isOnline(actorId: number): Promise<boolean | undefined>;
}

const silent = { info() {}, warn() {}, error() {}, debug() {} };

export async function performerNodeOn(
  t: TestApp,
  nodeId: string,
  /** The media path (the broadcast page and call exist with one) and another config for the API. */
  options: { media?: LiveMedia; config?: Config } = {},
): Promise<PerformerNode> {
  const db = t.database.db;
  const published: PerformerNode['published'] = [];
  const presence = createPresenceService({
    bus: t.bus,
    actors: createActorPresenceRepository(db),
    notifications: { favoriteOnline: async () => 0 },
    log: silent,
  });
  const desk = createPerformerDesk({
    feed: (sessionId, event) => live.service.event(sessionId, event),
    sessionOf: (sessionId) => live.service.sessionById(sessionId),
    presence,
  });
  const live = liveNodeOn(db, {
    minuteMs: 60_000,
    nodeId,
    performer: desk,
    publish: async (guestId, event) => {
      published.push({ guestId, event });
      return true;
    },
  });
  const api = await createPageOriginApp({
    config: options.config ?? t.config,
    sessionCookie: SESSION_COOKIE,
  });
  await api.register(
    async (rest) => {
      await rest.register(performerRoutes({ desk, secret: PERFORMER_SECRET, media: options.media }));
    },
    { prefix: '/rest/v1' },
  );
  return {
    live,
    desk,
    presence,
    api,
    published,
    async chatGuest(make, balanceCents = 2000) {
      const guest = await make.buildGuest({ balanceCents });
      await db.execute(sql`update guests set avs_status = 'accepted' where id = ${guest.id}`);
      return guest;
    },
    async requestChat(guestId, actorId, language = 'en') {
      const started = await live.service.start({
        guestId,
        actorId,
        type: 'livechat',
        country: null,
        language,
      });
      if (!started.ok) throw new Error(`not started: ${started.code}`);
      if (started.status !== 'requested') throw new Error(`started as ${started.status}`);
      return started.sessionId;
    },
    tokenOf: (actorId) => ({ [PERFORMER_TOKEN_HEADER]: performerToken(PERFORMER_SECRET, actorId) }),
    async isOnline(actorId) {
      const [row] = await queryRows<{ is_online: boolean }>(
        db,
        sql`select is_online from actors where id = ${actorId}`,
      );
      return row?.is_online;
    },
  };
}
