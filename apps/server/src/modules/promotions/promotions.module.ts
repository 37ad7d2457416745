/** The promotions module of issue 4 (see money-module.ts). Its routes arrive with its feature. */
import type { MoneyModule, MoneyModuleDeps } from '../money-module.ts';

export function createPromotionsModule(_deps: MoneyModuleDeps): MoneyModule {
  return {};
}
