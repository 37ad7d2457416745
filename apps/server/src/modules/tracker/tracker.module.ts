/**
 * The tracker module: the pages' anonymous tracking calls and the socket connection error reports
 * (spec 7 `tracker/track`, `logger/websocketConnectionError`).
 */
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { trackerRoutes } from './tracker.routes.ts';

export function createTrackerModule(deps: Pick<FeatureModuleDeps, 'db'>): FeatureModule {
  return { rest: trackerRoutes({ db: deps.db }) };
}
