/**
 * The pincall module (issue 18, spec 4 pin call verification): owns `pincall_verifications` and
 * `verified_phones`, answers the guest service's pincallStart / pincallVerify / pincallVerifications,
 * and sends pins through the telephony port (infra/telephony.ts: the dev-outbox sandbox outside
 * production, a real provider with TELEPHONY_PROVIDER). Without telephony (production without a
 * provider) the fields do not exist. Other modules read verified numbers through
 * `createVerifiedPhones` (verified-phones.ts).
 */
import type { Telephony } from '../../infra/telephony.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { pincallGraphql } from './pincall.graphql.ts';
import { createPincallService, type PincallService } from './pincall.service.ts';

export interface PincallModule extends FeatureModule {
  service: PincallService | null;
}

export function createPincallModule(
  deps: Pick<FeatureModuleDeps, 'db' | 'guests' | 'log'> & {
    telephony: Telephony | null;
    /** Keys the pin hashes. */
    secret: string;
    /** Tests move the clock (timeouts). */
    now?: () => Date;
  },
): PincallModule {
  if (!deps.telephony) return { service: null };
  const service = createPincallService({
    db: deps.db,
    telephony: deps.telephony,
    rateLimits: deps.guests.rateLimits,
    secret: async () => deps.secret,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return { service, graphql: pincallGraphql(service) };
}
