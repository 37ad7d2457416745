/**
 * The internal (operator) API of spec 7 under /rest/v1/internal: its own routes (AVS queue and
 * decisions, guest lock, cache clear, counters) and every module's operator routes and counters,
 * behind one guard (allow-listed IP + X-Internal-Token). It exists only with INTERNAL_API_TOKEN;
 * without it the answer is undefined and its paths are unknown routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AvsService } from '../avs/avs.service.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { SessionEnder } from '../guests/session-ender.ts';
import { internalRoutes } from './internal.routes.ts';
import { createInternalService } from './internal.service.ts';

export function createInternalApi(
  deps: Pick<FeatureModuleDeps, 'db' | 'bus' | 'guests' | 'config' | 'log'> & {
    avs: AvsService;
    sessions: SessionEnder;
    /** The modules whose `internal` routes and `regenerateCounters` it hosts. */
    modules: readonly FeatureModule[];
  },
): FastifyPluginAsync | undefined {
  const { config, modules } = deps;
  if (!config.internalApiToken) return undefined;
  return internalRoutes({
    token: config.internalApiToken,
    allowedIps: config.internalAllowedIps,
    avs: deps.avs,
    internal: createInternalService({
      db: deps.db,
      bus: deps.bus,
      guests: deps.guests,
      sessions: deps.sessions,
      log: deps.log,
    }),
    modules: modules.flatMap((module) => (module.internal ? [module.internal] : [])),
    counters: modules.flatMap((module) => (module.regenerateCounters ? [module.regenerateCounters] : [])),
  });
}
