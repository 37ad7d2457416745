/**
 * The conversion chat (issue 18 deliverable 3, decision 0047): `guest/conversionChat`, the GraphQL
 * reads `conversionChatActors` and `conversionChat`, and its tables (countdowns, available performers).
 * The guest data's `conversionChatCountdownEnds` is read by the guests module with this module's SQL
 * part (`conversionChatCountdownEndsSql`, wired in app.ts). The free chat itself is the live module's
 * chat, paid by the trial code's chat-minute vouchers (the promotions module's redemption).
 */
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { conversionChatGraphql } from './conversion-chat.graphql.ts';
import { createConversionChatRepository } from './conversion-chat.repository.ts';
import { conversionChatRoutes } from './conversion-chat.routes.ts';
import { type ConversionChatServiceDeps, createConversionChatService } from './conversion-chat.service.ts';

export function createConversionChatModule(
  deps: FeatureModuleDeps & {
    isPayingCustomer: ConversionChatServiceDeps['isPayingCustomer'];
    checkCode: ConversionChatServiceDeps['checkCode'];
    now?: () => number;
  },
): FeatureModule & { service: ReturnType<typeof createConversionChatService> } {
  const service = createConversionChatService({
    repository: createConversionChatRepository(deps.db),
    isPayingCustomer: deps.isPayingCustomer,
    checkCode: deps.checkCode,
    now: deps.now ?? Date.now,
  });
  return {
    service,
    rest: conversionChatRoutes({ auth: deps.auth, conversionChat: service }),
    graphql: conversionChatGraphql(service),
  };
}
