/**
 * One charge attempt of the dialog, without React: the idempotency key of the attempt, automatic
 * retries with that same key while the outcome is unknown (network error, 5xx), and polling of a
 * charge that waits for the bank (3-D Secure) or for settlement (SEPA) until it is final.
 *
 * Key rule: ONE key per attempt. A retry of the same request (same flow, amount, paytype, method
 * details) after an unknown outcome reuses the key, so the server answers the charge it may
 * already have made instead of charging again. A definitive answer (a charge, or a 4xx refusal)
 * ends the attempt: the next submit is a new attempt with a new key.
 */
import type { Charge } from '@vela/contracts/payment-api';
import { ApiError, BAD_RESPONSE, NETWORK_ERROR } from '../api.ts';

/** Spec 9 polling of a charge that waits for the bank: every second while the dialog is open. */
export const CHARGE_POLL_MS = 1000;
/** Automatic retries (waits before them) of a request whose outcome is unknown. */
export const RETRY_DELAYS_MS = [1000, 2000] as const;

export type ChargeOutcome =
  | { kind: 'action3ds'; url: string }
  | { kind: 'sms'; msisdn: string }
  | { kind: 'pending' }
  | { kind: 'succeeded' }
  | { kind: 'declined'; declineCode: string | null }
  | { kind: 'failed'; declineCode: string | null };

/** What the dialog shows for a charge in its current status. */
export function outcomeOf(charge: Charge): ChargeOutcome {
  switch (charge.status) {
    case 'succeeded':
      return { kind: 'succeeded' };
    case 'declined':
      return { kind: 'declined', declineCode: charge.declineCode };
    case 'failed':
      return { kind: 'failed', declineCode: charge.declineCode };
    case 'requires_action':
      if (charge.nextAction?.type === '3ds') return { kind: 'action3ds', url: charge.nextAction.url };
      if (charge.nextAction?.type === 'sms') return { kind: 'sms', msisdn: charge.nextAction.msisdn };
      return { kind: 'pending' };
    case 'created':
    case 'pending':
      return { kind: 'pending' };
  }
}

export const isFinal = (charge: Charge): boolean =>
  charge.status === 'succeeded' || charge.status === 'declined' || charge.status === 'failed';

/**
 * Whether the server may or may not have done what was asked: no answer, an answer that is not
 * the contract, a server error. Any 4xx (also 429) was refused before anything happened.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === NETWORK_ERROR || error.code === BAD_RESPONSE) return true;
  return error.status >= 500;
}

/**
 * A random UUID v4: crypto.randomUUID where the page is a secure context, else the same from
 * crypto.getRandomValues (available everywhere, e.g. a dialog served over plain http on a LAN).
 */
export function newIdempotencyKey(
  crypto: { getRandomValues(array: Uint8Array): Uint8Array; randomUUID?: () => string } = globalThis.crypto,
): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const defaultKey = (): string => newIdempotencyKey();

/** The idempotency key of the current attempt, bound to the request it was made for. */
export class AttemptKeys {
  private current: { fingerprint: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = defaultKey) {}

  /** The key of this request: the open attempt's key when the request is the same, else a new one. */
  keyFor(request: unknown): string {
    const fingerprint = JSON.stringify(request);
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** The attempt got a definitive answer: the next submit is a new attempt. */
  settle(): void {
    this.current = null;
  }

  get openKey(): string | null {
    return this.current?.key ?? null;
  }
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SendOptions {
  sleep?: (ms: number) => Promise<void>;
  retryDelaysMs?: readonly number[];
  signal?: AbortSignal;
}

/**
 * Sends one attempt: `send(key)` with the attempt's key, retried automatically with the same key
 * while the outcome is unknown. A definitive answer settles the attempt; when the retries run out,
 * the attempt stays open (the guest's "Try again" reuses its key) and the last error is thrown.
 */
export async function sendAttempt<T>(
  keys: AttemptKeys,
  request: unknown,
  send: (idempotencyKey: string) => Promise<T>,
  options: SendOptions = {},
): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const key = keys.keyFor(request);
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await send(key);
      keys.settle();
      return answer;
    } catch (error) {
      if (!outcomeUnknown(error)) {
        keys.settle();
        throw error;
      }
      const delay = delays[attempt];
      if (delay === undefined || options.signal?.aborted) throw error;
      await sleep(delay);
      if (options.signal?.aborted) throw error;
    }
  }
}

export interface PollOptions {
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  signal: AbortSignal;
  /** Every answer that differs from the last one (status or next action). */
  onUpdate?: (charge: Charge) => void;
}

/**
 * Asks for the charge every `intervalMs` until it is final (answered) or the signal aborts
 * (undefined: the dialog closed or moved on). A failed read is tried again at the next tick.
 */
export async function pollUntilFinal(
  getCharge: (id: string) => Promise<Charge>,
  id: string,
  options: PollOptions,
): Promise<Charge | undefined> {
  const sleep = options.sleep ?? realSleep;
  const interval = options.intervalMs ?? CHARGE_POLL_MS;
  let last = '';
  while (!options.signal.aborted) {
    await sleep(interval);
    if (options.signal.aborted) return undefined;
    let charge: Charge;
    try {
      charge = await getCharge(id);
    } catch {
      continue;
    }
    if (options.signal.aborted) return undefined;
    const seen = `${charge.status}|${JSON.stringify(charge.nextAction)}`;
    if (seen !== last) {
      last = seen;
      options.onUpdate?.(charge);
    }
    if (isFinal(charge)) return charge;
  }
  return undefined;
}
