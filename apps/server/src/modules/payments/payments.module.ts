/** The payments module of issue 4 (see money-module.ts). Its routes arrive with its feature. */
import type { MoneyModule, MoneyModuleDeps } from '../money-module.ts';

export function createPaymentsModule(_deps: MoneyModuleDeps): MoneyModule {
  return {};
}
