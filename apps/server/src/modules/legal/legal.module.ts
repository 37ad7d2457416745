/**
 * The legal texts module (spec 3): the current privacy policy, terms and imprint per language, read
 * by the pages (legal.service.ts in the page loaders) and the query-language service.
 */
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { legalGraphql } from './legal.graphql.ts';
import { createLegalService } from './legal.service.ts';

export function createLegalModule(deps: Pick<FeatureModuleDeps, 'db'>): FeatureModule {
  return { graphql: legalGraphql(createLegalService(deps.db)) };
}
