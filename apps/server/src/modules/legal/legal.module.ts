/**
 * The legal texts module (spec 3): the current privacy policy, terms and imprint per language, read
 * by the pages (its `pages` slice of the page loaders) and the query-language service.
 */
import type { PageServices } from '@vela/contracts/pages';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { legalGraphql } from './legal.graphql.ts';
import { createLegalService } from './legal.service.ts';

export interface LegalModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: Pick<PageServices, 'legalText'>;
}

export function createLegalModule(deps: Pick<FeatureModuleDeps, 'db'>): LegalModule {
  const service = createLegalService(deps.db);
  return { pages: service, graphql: legalGraphql(service) };
}
