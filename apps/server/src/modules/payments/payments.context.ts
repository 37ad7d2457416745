/**
 * What every use case of the payments service works with (payments.service.ts composes them):
 * the injected I/O of the module, its repository and its clock.
 */
import type { Db } from '@vela/db/client';
import type { RateLimitStore } from '../../infra/rate-limit.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { PaymentProvider } from './payments.provider.ts';
import { createPaymentsRepository, type PaymentsRepository } from './payments.repository.ts';

export interface PaymentsServiceDeps {
  db: Db;
  wallet: WalletService;
  /** The atomic counters behind the charge and method-change limits and the SMS code attempts. */
  rateLimits: RateLimitStore;
  /**
   * Read port of the guests module (its table): the guest, of which payments needs whether it is
   * restricted (spec 5); undefined for an unknown guest.
   */
  guestState: (guestId: number) => Promise<{ restricted: boolean } | undefined>;
  provider: () => PaymentProvider;
  /** Where the sandbox bank page lives: `<publicOrigin>/rest/v1/payment/sandbox/3ds/...`. */
  publicOrigin: string;
  /** Key of the bank page links (derived from the webhook secret; same on every node). */
  challengeKey: () => Promise<Buffer>;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  now?: () => Date;
}

export interface PaymentsContext extends Omit<PaymentsServiceDeps, 'now'> {
  /** The module's repository outside any transaction (a transaction builds its own from `tx`). */
  repository: PaymentsRepository;
  now: () => Date;
}

export function paymentsContext(deps: PaymentsServiceDeps): PaymentsContext {
  return { ...deps, repository: createPaymentsRepository(deps.db), now: deps.now ?? (() => new Date()) };
}
