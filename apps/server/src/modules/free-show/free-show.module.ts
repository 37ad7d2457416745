/**
 * The free-show module (spec 4 "free show start/stop"; issue 18, decision 0053). It owns `free_shows`
 * (a row while a performer's free show runs). The performer starts and stops it (`POST
 * performer/freeShow {running}`, performer token); each change reaches every socket as `freeShowStart`
 * / `freeShowStop` (presence channel, with the performer's banned countries). A performer going offline
 * stops it. `GET live/free-shows/:actorId` answers the state for a page on load. While it runs, the
 * live module prices that performer's live show at 0 (free-show-reads.ts); at the stop it ends those
 * free chats (exit 202) — nobody is charged without choosing a paid chat. The demo (demo/demo-shows.job.ts)
 * starts free shows with a length (`startTimed`, `ends_at`); `stopDue` stops them at their end.
 */

/** The advisory lock of the demo's free-show starts (one at a time, however many nodes). */
const DEMO_FREE_SHOW_LOCK = 'free-show-demo';

import { freeShowEndpoints } from '@vela/contracts/live-events';
import { PRESENCE_CHANNEL } from '@vela/contracts/socket';
import { and, eq, isNotNull, lte, sql } from '@vela/db/orm';
import { freeShows } from '@vela/db/schema/free-show';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { AppError } from '../../http/errors.ts';
import { privateResponses } from '../../http/private.ts';
import type { Unsubscribe } from '../../infra/bus.ts';
import type { ActorChatReads } from '../catalog/actor-chat.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { createPerformerAuth } from '../live/performer.routes.ts';
import { createFreeShowReads } from './free-show-reads.ts';

export function createFreeShowModule(
  deps: Pick<FeatureModuleDeps, 'db' | 'bus' | 'log' | 'config'> & {
    actors: Pick<ActorChatReads, 'actorForChat'>;
  },
) {
  const { db } = deps;
  const reads = createFreeShowReads(db);

  async function announce(actorId: number, running: boolean, banned: readonly string[]): Promise<void> {
    await deps.bus.publish(PRESENCE_CHANNEL, {
      type: running ? 'freeShowStart' : 'freeShowStop',
      actorId,
      bannedCountryCodes: banned,
    });
  }

  const service = {
    reads,
    /** Starts (an online performer) or stops the performer's free show; a change is announced once. */
    async set(actorId: number, running: boolean) {
      const actor = await deps.actors.actorForChat(actorId);
      if (!actor) throw new AppError('NOT_FOUND', 'No such performer', 404);
      if (running && !actor.chat.isOnline)
        throw new AppError('PERFORMER_OFFLINE', 'Go online before starting a free show', 409);
      const changed = running
        ? await db.insert(freeShows).values({ actorId }).onConflictDoNothing().returning()
        : await db.delete(freeShows).where(eq(freeShows.actorId, actorId)).returning();
      if (changed.length > 0) await announce(actorId, running, actor.chat.bannedCountryCodes);
      const since = await reads.since(actorId);
      return { actorId, running: since !== null, since: since?.toISOString() ?? null };
    },

    /**
     * The demo's free show: the (online) performer's free show from `now` until `endsAt`, only when no
     * free show runs at all (checked under one lock for every node). True when it started.
     */
    async startTimed(actorId: number, now: Date, endsAt: Date): Promise<boolean> {
      const actor = await deps.actors.actorForChat(actorId);
      if (!actor?.chat.isOnline) return false;
      const started = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${DEMO_FREE_SHOW_LOCK}))`);
        const [running] = await tx.select({ actorId: freeShows.actorId }).from(freeShows).limit(1);
        if (running) return false;
        const rows = await tx
          .insert(freeShows)
          .values({ actorId, startedAt: now, endsAt })
          .onConflictDoNothing()
          .returning();
        return rows.length > 0;
      });
      if (started) await announce(actorId, true, actor.chat.bannedCountryCodes);
      return started;
    },

    /** Stops the free shows whose planned end is past (each stop announced once, on whichever node). */
    async stopDue(now: Date): Promise<number[]> {
      const stopped = await db
        .delete(freeShows)
        .where(and(isNotNull(freeShows.endsAt), lte(freeShows.endsAt, now)))
        .returning({ actorId: freeShows.actorId });
      for (const { actorId } of stopped) {
        const actor = await deps.actors.actorForChat(actorId);
        await announce(actorId, false, actor?.chat.bannedCountryCodes ?? []);
      }
      return stopped.map((row) => row.actorId);
    },

    /** Whether any free show runs now. */
    async anyRunning(): Promise<boolean> {
      const [row] = await db.select({ actorId: freeShows.actorId }).from(freeShows).limit(1);
      return row !== undefined;
    },
  };

  const secret = deps.config.performerApiSecret;
  const rest: FastifyPluginAsync = async (app) => {
    privateResponses(app);
    route(app, freeShowEndpoints.state).handle({
      handler: async ({ params }) => {
        const since = await reads.since(params.actorId);
        return { actorId: params.actorId, running: since !== null, since: since?.toISOString() ?? null };
      },
    });
    if (!secret) return;
    const authenticate = createPerformerAuth(secret);
    route(app, freeShowEndpoints.set).handle({
      authenticate,
      handler: ({ auth: actorId, body }) => service.set(actorId, body.running),
    });
  };

  let unfollow: Promise<Unsubscribe | null> | null = null;
  const module: FeatureModule & { service: typeof service } = {
    service,
    rest,
    start() {
      // A performer going offline ends the free show (whoever set the flag, on every node).
      unfollow = deps.bus
        .subscribe(PRESENCE_CHANNEL, (event) => {
          const { type, actorId } = (event ?? {}) as { type?: unknown; actorId?: unknown };
          if (type === 'actorOffline' && typeof actorId === 'number') {
            void service.set(actorId, false).catch((error: unknown) => {
              deps.log.error({ err: error, actorId }, 'free show: not stopped at offline');
            });
          }
        })
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'free show: presence not followed');
          return null;
        });
    },
    async stop() {
      await (await unfollow)?.();
    },
  };
  return module;
}
