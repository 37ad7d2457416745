/**
 * The payments module of issue 4 (see feature-module.ts; docs/decisions/0012): top-ups through the
 * payment dialog at the sandbox provider, its signed callbacks, stored methods, settings,
 * one-click and auto-recharge (a wallet listener), and the SEPA settlements that resume on start.
 */
import { z } from 'zod';
import { AppError, parseInput } from '../../http/errors.ts';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import { deriveKey, signatureHeader, verifySignature, webhookSecretOf } from './payments.callbacks.ts';
import { createSandboxProvider, type PaymentProvider, type ProviderEvent } from './payments.provider.ts';
import { paymentInternalRoutes, paymentRoutes } from './payments.routes.ts';
import { createPaymentsService } from './payments.service.ts';

export interface PaymentsModuleOptions {
  /** Sandbox: how long a SEPA debit stays pending before it settles (default 2 s). */
  sepaDelayMs?: number;
  /** How often abandoned charges are expired (default every minute; 0: only at start). */
  expiryIntervalMs?: number;
  now?: () => Date;
}

export const DEFAULT_SEPA_DELAY_MS = 2000;

const ProviderEventSchema = z.object({
  eventId: z.string().min(1).max(100),
  type: z.enum(['charge.succeeded', 'charge.declined', 'charge.failed']),
  chargeRef: z.string().min(1).max(100),
  providerRef: z.string().max(200),
  amountCents: z.number().int().positive(),
  declineCode: z
    .string()
    .regex(/^[a-z_]{1,64}$/)
    .optional(),
  created: z.number().int(),
});

export function createPaymentsModule(
  deps: FeatureModuleDeps,
  options: PaymentsModuleOptions = {},
): FeatureModule {
  const now = options.now ?? (() => new Date());
  let secret: Promise<string> | undefined;
  const webhookSecret = () => {
    secret ??= webhookSecretOf(deps.config);
    return secret;
  };
  let challengeKey: Promise<Buffer> | undefined;

  /** The one way a provider callback is applied: signature first, then the event, once. */
  async function receiveCallback(rawBody: string, signature: string | undefined): Promise<string> {
    verifySignature(await webhookSecret(), rawBody, signature, Math.floor(now().getTime() / 1000));
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new AppError('VALIDATION_ERROR', 'The callback body is not JSON', 400);
    }
    const event = parseInput(ProviderEventSchema, parsed) as ProviderEvent;
    return service.applyEvent(event);
  }

  // The sandbox delivers its callbacks in-process through the same verification as HTTP ones.
  const provider: PaymentProvider = createSandboxProvider({
    deliver: async (event) => {
      const raw = JSON.stringify(event);
      await receiveCallback(
        raw,
        signatureHeader(await webhookSecret(), raw, Math.floor(now().getTime() / 1000)),
      );
    },
    sepaDelayMs: options.sepaDelayMs ?? DEFAULT_SEPA_DELAY_MS,
    now: () => now().getTime(),
    log: deps.log,
  });

  const service = createPaymentsService({
    db: deps.db,
    wallet: deps.wallet,
    rateLimits: deps.guests.rateLimits,
    guestState: deps.guests.guestById,
    provider: () => provider,
    publicOrigin: deps.config.publicOrigin,
    challengeKey: () => {
      challengeKey ??= webhookSecret().then((key) => deriveKey(key, 'sandbox-3ds-link'));
      return challengeKey;
    },
    log: deps.log,
    now,
  });

  let unsubscribe: (() => void) | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;
  let expiring: Promise<unknown> = Promise.resolve();
  const expire = () => {
    expiring = expiring.then(() =>
      service
        .expireAbandoned()
        .catch((error) => deps.log.error({ err: error }, 'expiring abandoned charges failed')),
    );
    return expiring;
  };
  return {
    rest: paymentRoutes({
      auth: deps.auth,
      service,
      receiveCallback,
      publicOrigin: deps.config.publicOrigin,
      payOrigin: deps.config.payOrigin,
    }),
    internal: paymentInternalRoutes({ service }),
    // Spec 7 socket: canOneClick -> canOneClickResult; chargeOneClick (amount in cents, channelId).
    socket: {
      async canOneClick(context) {
        return { type: 'canOneClickResult', config: await service.oneClickConfig(context.guestId) };
      },
      async chargeOneClick(context, message) {
        try {
          const charge = await service.chargeOneClick(context.guestId, {
            idempotencyKey: message.idempotencyKey,
            amountCents: message.amount,
          });
          return { type: 'chargeOneClickResult', charge, errorCode: null };
        } catch (error) {
          if (error instanceof AppError && error.statusCode < 500)
            return { type: 'chargeOneClickResult', charge: null, errorCode: error.code };
          throw error;
        }
      },
    },
    async start() {
      unsubscribe = deps.wallet.onWalletChange((change) => service.onWalletChange(change));
      // A database that is down at start must not stop the server (/alive reports it); the
      // settlements resume on the next start, and abandoned charges expire on the next tick.
      try {
        await service.resume();
      } catch (error) {
        deps.log.error({ err: error }, 'pending SEPA settlements not resumed');
      }
      await expire();
      const interval = options.expiryIntervalMs ?? 60_000;
      if (interval > 0) {
        expiryTimer = setInterval(() => void expire(), interval);
        expiryTimer.unref();
      }
    },
    async stop() {
      unsubscribe?.();
      if (expiryTimer) clearInterval(expiryTimer);
      await expiring;
      await provider.stop();
      await service.idle();
    },
  };
}
