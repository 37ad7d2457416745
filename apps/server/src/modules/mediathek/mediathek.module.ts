/**
 * The media library of the guest area (issue 17 deliverable 6; see feature-module.ts): playlists and
 * the archive, over what the guest bought (promotions) and pinned (favorites). It owns
 * packages/db/src/schema/mediathek.ts; the facts of videos, albums and the VIP state arrive as ports
 * (`MediathekPorts`, wired in app.ts with the owners' functions; decision 0030).
 */
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { createMediathekRepository } from './mediathek.repository.ts';
import { mediathekRoutes } from './mediathek.routes.ts';
import { createMediathekService, type MediathekPorts } from './mediathek.service.ts';

export function createMediathekModule(deps: FeatureModuleDeps & { ports: MediathekPorts }): FeatureModule {
  const mediathek = createMediathekService({
    repository: createMediathekRepository(deps.db),
    ports: deps.ports,
  });
  return {
    rest: mediathekRoutes({ auth: deps.auth, mediathek, countryHeader: deps.config.countryHeader }),
  };
}
