/**
 * The guests module (spec 3): accounts, login and sessions under /rest/v1 (guests.routes.ts), the
 * one way a session ends (session-ender.ts, which the operator's lock uses too), and two jobs: the
 * purge of ended sessions and used keys, and the deletion of rate-limit counters of ended windows
 * every 10 minutes (decision 0027; the counters are this module's table). It hands out `me`, the
 * guest as they read themself, to the query language and the pages (decision 0030's read port).
 */
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import { createRateLimitPruneJob } from '../../infra/rate-limit.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createGuestMeRead, type GuestMeRead } from './guest-me.ts';
import { createGuestsPurgeRepository } from './guests.repository.ts';
import { guestRoutes } from './guests.routes.ts';
import { createSessionEnder, type SessionEnder } from './session-ender.ts';
import { createSessionPurgeJob } from './session-purge.job.ts';

export interface GuestsModule extends FeatureModule {
  /** Every way a session ends goes through here; the guest's sockets hear it at once (decision 0026). */
  sessions: SessionEnder;
  /** The read port of a guest as they read themself (the query language's `guest`, the pages' viewer). */
  me: GuestMeRead;
}

export function createGuestsModule(
  deps: Pick<FeatureModuleDeps, 'db' | 'bus' | 'auth' | 'guests' | 'config' | 'log'> & {
    /** The session secret (SESSION_SECRET, or the one kept in the database). */
    secret: string;
    mailer: Mailer;
  },
): GuestsModule {
  const sessions = createSessionEnder({
    db: deps.db,
    auth: deps.auth,
    announce: async (guestId, event) => {
      await publishToGuest(deps.bus, guestId, event, deps.log);
    },
  });
  const sessionPurge = createSessionPurgeJob({
    purge: createGuestsPurgeRepository(deps.db).purge,
    log: deps.log,
  });
  const rateLimitPrune = createRateLimitPruneJob({ store: deps.guests.rateLimits, log: deps.log });
  return {
    sessions,
    me: createGuestMeRead(deps.guests),
    rest: guestRoutes({
      repository: deps.guests,
      auth: deps.auth,
      secret: deps.secret,
      loginEnabled: deps.config.loginEnabled,
      mailer: deps.mailer,
      publicOrigin: deps.config.publicOrigin,
      brandName: deps.config.brandName,
      sessions,
    }),
    start() {
      sessionPurge.start();
      rateLimitPrune.start();
    },
    async stop() {
      await Promise.all([sessionPurge.stop(), rateLimitPrune.stop()]);
    },
  };
}
