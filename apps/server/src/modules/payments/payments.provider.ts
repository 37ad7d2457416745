/**
 * The payment provider behind an adapter (docs/decisions/0012-sandbox-payment-provider.md). The
 * service talks to `PaymentProvider` only; the SANDBOX is the one implementation here. It decides
 * by test data (below) and sends its asynchronous results (3-D Secure answers, SEPA settlements)
 * as signed provider callbacks through `deliver`, which the module wires to the very handler of
 * `POST /rest/v1/payment/callback` (signature check included).
 *
 * Sandbox test data:
 * - card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined `card_declined`;
 *   4000 0000 0000 9995 is declined `insufficient_funds`; 4000 0000 0000 3220 needs 3-D Secure
 *   (the guest approves or declines on the sandbox bank page); any other valid number is declined
 *   `card_declined`. Stored cards (tokens) behave like their number; off-session charges
 *   (auto-recharge) of a 3-D Secure card are exempted and succeed.
 * - SEPA: DE89 3704 0044 0532 0130 00 is pending, then settles (succeeded); DE62 3704 0044 0532
 *   0130 01 is pending, then returned (failed, `sepa_returned`); other valid IBANs settle.
 * - carrier billing: the SMS code is always 123456.
 * - Voice: succeeds.
 */
import { randomBytes } from 'node:crypto';
import type { ChargePaytype } from '@vela/contracts/payment-api';

export type ProviderSource =
  | { kind: 'card'; digits: string }
  | { kind: 'sepa'; iban: string }
  | { kind: 'token'; token: string }
  | { kind: 'carrier'; msisdn: string }
  | { kind: 'voice' };

export interface ProviderChargeInput {
  /** Our charge's public id: the provider's idempotency key and the reference of its callbacks. */
  chargeRef: string;
  amountCents: number;
  paytype: ChargePaytype;
  source: ProviderSource;
  /** Charged without the guest present (auto-recharge). */
  offSession: boolean;
}

export type ProviderAction = { type: '3ds' } | { type: 'sms'; msisdn: string };

export type ProviderChargeResult =
  | { status: 'succeeded'; providerRef: string; token?: string }
  | { status: 'declined'; providerRef: string; declineCode: string }
  | { status: 'requires_action'; providerRef: string; action: ProviderAction; token?: string }
  | { status: 'pending'; providerRef: string; token?: string };

export type TokenizeResult = { ok: true; token: string } | { ok: false; declineCode: string };

/** What a provider tells us later, signed (see payments.callbacks.ts). */
export interface ProviderEvent {
  eventId: string;
  type: 'charge.succeeded' | 'charge.declined' | 'charge.failed';
  chargeRef: string;
  providerRef: string;
  amountCents: number;
  declineCode?: string;
  /** Unix seconds. */
  created: number;
}

export interface OpenProviderCharge {
  chargeRef: string;
  providerRef: string;
  amountCents: number;
  createdAt: Date;
}

export interface PaymentProvider {
  readonly name: string;
  /** Verifies a card or mandate without moving money (flows changecc / changels). */
  tokenize(
    source: { kind: 'card'; digits: string } | { kind: 'sepa'; iban: string },
  ): Promise<TokenizeResult>;
  charge(input: ProviderChargeInput): Promise<ProviderChargeResult>;
  /** What the guest must do for a charge in requires_action (from the provider's reference), or null. */
  actionOf(providerRef: string | null): ProviderAction | null;
  /** Carrier billing: whether the code the guest typed is the one sent by SMS. */
  confirmCode(providerRef: string, code: string): Promise<boolean>;
  /** 3-D Secure: the guest's answer on the bank page; the outcome arrives as a callback. */
  completeChallenge(charge: OpenProviderCharge, approved: boolean): Promise<void>;
  /** After a restart: the provider side of charges still pending (SEPA settlements) resumes. */
  resume(open: OpenProviderCharge[]): void;
  /** Cancels timers; waits for deliveries under way. */
  stop(): Promise<void>;
}

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000000000003220',
} as const;
export const SANDBOX_IBANS = {
  settles: 'DE89370400440532013000',
  returned: 'DE62370400440532013001',
} as const;
export const SANDBOX_CARRIER_CODE = '123456';

type CardBehaviour = 'ok' | '3ds' | 'nsf' | 'declined';

function cardBehaviour(digits: string): CardBehaviour {
  switch (digits) {
    case SANDBOX_CARDS.success:
      return 'ok';
    case SANDBOX_CARDS.threeDSecure:
      return '3ds';
    case SANDBOX_CARDS.insufficientFunds:
      return 'nsf';
    default:
      return 'declined';
  }
}

/** Charge answers remembered for idempotent retries. */
const MAX_REMEMBERED = 10_000;

const random = () => randomBytes(9).toString('base64url');

export interface SandboxOptions {
  /** Sends a provider event to our callback endpoint (signed by the caller of the handler). */
  deliver: (event: ProviderEvent) => Promise<void>;
  /** How long a SEPA debit stays pending before its settlement callback. */
  sepaDelayMs: number;
  now?: () => number;
  log?: { error(object: object, message: string): void };
}

export function createSandboxProvider(options: SandboxOptions): PaymentProvider {
  const now = options.now ?? Date.now;
  const timers = new Set<NodeJS.Timeout>();
  const deliveries = new Set<Promise<void>>();
  let stopped = false;
  const answers = new Map<string, Promise<ProviderChargeResult>>();

  const event = (
    charge: { chargeRef: string; providerRef: string; amountCents: number },
    type: ProviderEvent['type'],
    declineCode?: string,
  ): ProviderEvent => ({
    eventId: `evt_${random()}`,
    type,
    chargeRef: charge.chargeRef,
    providerRef: charge.providerRef,
    amountCents: charge.amountCents,
    ...(declineCode ? { declineCode } : {}),
    created: Math.floor(now() / 1000),
  });

  /** Delivery with a few retries (a provider retries until we answer 2xx). */
  function send(providerEvent: ProviderEvent): Promise<void> {
    const run = (async () => {
      for (let attempt = 1; attempt <= 3 && !stopped; attempt++) {
        try {
          await options.deliver(providerEvent);
          return;
        } catch (error) {
          options.log?.error(
            { err: error, eventId: providerEvent.eventId, attempt },
            'sandbox callback failed',
          );
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    })();
    deliveries.add(run);
    void run.finally(() => deliveries.delete(run));
    return run;
  }

  function scheduleSettlement(charge: OpenProviderCharge): void {
    if (stopped || !charge.providerRef.startsWith('sbx_sepa_')) return;
    const returned = charge.providerRef.startsWith('sbx_sepa_return_');
    const wait = Math.max(0, charge.createdAt.getTime() + options.sepaDelayMs - now());
    const timer = setTimeout(() => {
      timers.delete(timer);
      void send(
        returned ? event(charge, 'charge.failed', 'sepa_returned') : event(charge, 'charge.succeeded'),
      );
    }, wait);
    timers.add(timer);
  }

  async function decide(input: ProviderChargeInput): Promise<ProviderChargeResult> {
    const providerRef = `sbx_ch_${random()}`;
    const { source } = input;
    if (source.kind === 'voice') return { status: 'succeeded', providerRef };
    if (source.kind === 'carrier') {
      return {
        status: 'requires_action',
        providerRef: `sbx_sms_${random()}~${source.msisdn}`,
        action: { type: 'sms', msisdn: source.msisdn },
      };
    }
    if (source.kind === 'sepa' || (source.kind === 'token' && source.token.startsWith('sbx_sepa_'))) {
      const returned =
        source.kind === 'sepa'
          ? source.iban === SANDBOX_IBANS.returned
          : source.token.startsWith('sbx_sepa_return_');
      const ref = `sbx_sepa_${returned ? 'return' : 'ok'}_${random()}`;
      const token =
        source.kind === 'sepa'
          ? `sbx_sepa_${returned ? 'return' : 'ok'}_${source.iban.slice(-4)}_${random()}`
          : undefined;
      scheduleSettlement({
        chargeRef: input.chargeRef,
        providerRef: ref,
        amountCents: input.amountCents,
        createdAt: new Date(now()),
      });
      return { status: 'pending', providerRef: ref, ...(token ? { token } : {}) };
    }
    let behaviour: CardBehaviour;
    let token: string | undefined;
    if (source.kind === 'card') {
      behaviour = cardBehaviour(source.digits);
      if (behaviour !== 'declined') token = `sbx_card_${behaviour}_${source.digits.slice(-4)}_${random()}`;
    } else {
      const match = /^sbx_card_(ok|3ds|nsf)_/.exec(source.token);
      behaviour = (match?.[1] as CardBehaviour | undefined) ?? 'declined';
    }
    switch (behaviour) {
      case 'ok':
        return { status: 'succeeded', providerRef, ...(token ? { token } : {}) };
      case 'nsf':
        return { status: 'declined', providerRef, declineCode: 'insufficient_funds' };
      case '3ds':
        if (input.offSession) return { status: 'succeeded', providerRef, ...(token ? { token } : {}) };
        return {
          status: 'requires_action',
          providerRef: `sbx_3ds_${random()}`,
          action: { type: '3ds' },
          ...(token ? { token } : {}),
        };
      default:
        return { status: 'declined', providerRef, declineCode: 'card_declined' };
    }
  }

  return {
    name: 'sandbox',

    async tokenize(source) {
      if (source.kind === 'sepa') {
        const behaviour = source.iban === SANDBOX_IBANS.returned ? 'return' : 'ok';
        return { ok: true, token: `sbx_sepa_${behaviour}_${source.iban.slice(-4)}_${random()}` };
      }
      const behaviour = cardBehaviour(source.digits);
      // Verification moves no money: only an unknown or declined card fails it.
      if (behaviour === 'declined') return { ok: false, declineCode: 'card_declined' };
      return { ok: true, token: `sbx_card_${behaviour}_${source.digits.slice(-4)}_${random()}` };
    },

    charge(input) {
      // Idempotent per charge reference, like a real provider's idempotency key.
      const earlier = answers.get(input.chargeRef);
      if (earlier) return earlier;
      const answer = decide(input);
      answers.set(input.chargeRef, answer);
      if (answers.size > MAX_REMEMBERED) {
        const oldest = answers.keys().next().value;
        if (oldest !== undefined) answers.delete(oldest);
      }
      answer.catch(() => answers.delete(input.chargeRef));
      return answer;
    },

    actionOf(providerRef) {
      if (!providerRef) return null;
      if (providerRef.startsWith('sbx_3ds_')) return { type: '3ds' };
      const sms = /^sbx_sms_[^~]+~(\+\d+)$/.exec(providerRef);
      return sms?.[1] ? { type: 'sms', msisdn: sms[1] } : null;
    },

    async confirmCode(_providerRef, code) {
      return code === SANDBOX_CARRIER_CODE;
    },

    async completeChallenge(charge, approved) {
      await send(
        approved
          ? event(charge, 'charge.succeeded')
          : event(charge, 'charge.declined', 'authentication_failed'),
      );
    },

    resume(open) {
      for (const charge of open) scheduleSettlement(charge);
    },

    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...deliveries]);
    },
  };
}
