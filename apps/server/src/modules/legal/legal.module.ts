/**
 * The legal texts module (spec 3): the current privacy policy, terms and imprint per language, read
 * by the pages (its `pages` slice of the page loaders) and the query-language service, and each
 * stored version as a file download (spec 7 asset/legal-text/download).
 */
import type { PageServices } from '@vela/contracts/pages';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { legalGraphql } from './legal.graphql.ts';
import { createLegalRepository } from './legal.repository.ts';
import { createLegalService } from './legal.service.ts';
import { legalDownloadRoutes } from './legal-download.ts';

export interface LegalModule extends FeatureModule {
  /** The page loaders' calls of this slice. */
  pages: Pick<PageServices, 'legalText'>;
}

export function createLegalModule(deps: Pick<FeatureModuleDeps, 'db' | 'config'>): LegalModule {
  const service = createLegalService(deps.db);
  return {
    pages: service,
    graphql: legalGraphql(service),
    // asset/legal-text/download/{legalTextId} (spec 7): a stored version as a file.
    rest: legalDownloadRoutes({
      repository: createLegalRepository(deps.db),
      brandName: deps.config.brandName,
    }),
  };
}
