/**
 * The ledger use cases (issue 4, deliverable 1; docs/decisions/0011-ledger.md).
 *
 * `transfer` is the one function that moves money: in ONE database transaction it claims the
 * idempotency key, locks the accounts `FOR UPDATE` in ascending id order (so two transfers never
 * wait on each other in a cycle), checks the rules of @vela/domain/ledger, updates the stored
 * balances and inserts the entries with the balance after each. The database checks the same
 * invariants again (non-negative balance check, deferred sum-zero trigger, unique keys).
 */
import { createHash } from 'node:crypto';
import type { GuestBalanceMessage } from '@vela/contracts/socket';
import type { Db } from '@vela/db/client';
import { guestBalanceFields } from '@vela/domain/coin-balance';
import {
  type AccountKind,
  assertValidTransfer,
  balanceAfter,
  DEFAULT_PERFORMER_SHARE,
  type Posting,
  reversePostings,
  splitPurchase,
  type TransferKind,
  TransferRuleError,
} from '@vela/domain/ledger';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { uniqueViolation } from '../../infra/db-errors.ts';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import {
  type AccountOwner,
  createWalletRepository,
  type HistoryRow,
  type LedgerAccountRow,
  type LedgerEntryRow,
  type LedgerTransferRow,
  type WalletRepository,
} from './wallet.repository.ts';

/** The provider clearing account of the (sandbox) payment provider. */
export const CLEARING_OWNER: AccountOwner = { ref: 'sandbox' };

export interface TransferRequest {
  idempotencyKey: string;
  kind: TransferKind;
  /** Postings on account ids. */
  postings: Posting[];
  reference?: Record<string, unknown>;
}

export interface TransferResult {
  transferId: number;
  idempotencyKey: string;
  kind: string;
  reference: Record<string, unknown>;
  createdAt: Date;
  entries: { accountId: number; amountCents: number; balanceAfterCents: number }[];
  /** True when this is the stored result of an earlier request with the same key (nothing written now). */
  replayed: boolean;
}

/** Not enough money on an account that may not go negative: nothing was written. */
export class NotEnoughMoneyError extends AppError {
  constructor(readonly accountId: number) {
    super('NOT_ENOUGH_MONEY', 'Not enough money for this payment', 402);
    this.name = 'NotEnoughMoneyError';
  }
}

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** A guest wallet changed in a committed transfer (not a replay). */
export interface WalletChange {
  guestId: number;
  transferId: number;
  kind: string;
  /** Signed: < 0 the wallet was debited. */
  amountCents: number;
  balanceAfterCents: number;
}
export type WalletListener = (change: WalletChange) => void | Promise<void>;

/**
 * Spec 7 socket message `guestBalance`, published on bus channel `guest:<id>` after every committed
 * change of the guest's wallet: the balance in coins, formatted (spec 9), and the paying flag.
 */
export type GuestBalanceEvent = GuestBalanceMessage;

export function guestBalanceEvent(balanceCents: number, isPayingCustomer: boolean): GuestBalanceEvent {
  return {
    type: 'guestBalance',
    ...guestBalanceFields(balanceCents),
    guestIsPayingCustomer: isPayingCustomer,
  };
}

const keyReused = () =>
  new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    'This idempotency key was already used for a different request',
    409,
  );

/**
 * Platform revenue is kept in REVENUE_SHARDS accounts (owner_ref `shard-0` ... `shard-7`), picked
 * by the transfer's key: every purchase credits revenue, and one revenue row would serialise all
 * purchases on its row lock (docs/decisions/0011). The platform's revenue is the sum of the shards.
 */
export const REVENUE_SHARDS = 8;
export function revenueShardOf(idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest();
  return `shard-${(digest[0] ?? 0) % REVENUE_SHARDS}`;
}

/** A stable hash of what a request asks for (postings in account order), to tell retries from reuse. */
export function requestHashOf(kind: string, postings: Posting[], reference: Record<string, unknown>): string {
  const sorted = [...postings].sort((a, b) => a.account - b.account).map((p) => [p.account, p.amountCents]);
  return createHash('sha256')
    .update(JSON.stringify([kind, sorted, canonical(reference)]))
    .digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

function resultOf(transfer: LedgerTransferRow, entries: LedgerEntryRow[], replayed: boolean): TransferResult {
  return {
    transferId: transfer.id,
    idempotencyKey: transfer.idempotencyKey,
    kind: transfer.kind,
    reference: transfer.reference,
    createdAt: transfer.createdAt,
    entries: [...entries]
      .sort((a, b) => a.accountId - b.accountId)
      .map((e) => ({
        accountId: e.accountId,
        amountCents: e.amountCents,
        balanceAfterCents: e.balanceAfterCents,
      })),
    replayed,
  };
}

/** C0 controls and DEL: never part of a key, and U+0000 cannot be stored in text or jsonb at all. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what is refused.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

function validKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new AppError(
      'VALIDATION_ERROR',
      `An idempotency key is 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    );
  }
  if (CONTROL_CHARACTER.test(key)) {
    throw new AppError('VALIDATION_ERROR', 'An idempotency key has no control characters');
  }
}

/** A reference is stored as jsonb, which cannot hold U+0000: refused (400) before anything is written. */
function validReference(value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      throw new AppError('VALIDATION_ERROR', 'A transfer reference has a control character');
    }
  } else if (Array.isArray(value)) {
    for (const item of value) validReference(item);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      validReference(k);
      validReference(v);
    }
  }
}

function validCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new AppError('VALIDATION_ERROR', `Amount ${cents} is not a positive whole number of cents`);
  }
}

/**
 * Where a transfer runs: on the service's own database (its own transaction, announced at once), or
 * inside a caller's transaction (`atomically`: a savepoint; announced after the caller's commit).
 */
interface LedgerScope {
  db: Db;
  repository: WalletRepository;
  /** Changes waiting for the caller's commit; undefined: announce at once. */
  pending?: WalletChange[];
  /** Account ids first seen inside the caller's transaction: remembered only once it committed. */
  learned?: Map<string, number>;
}

interface PurchaseOptions {
  performerId?: number;
  kind?: TransferKind;
  reference?: Record<string, unknown>;
}

/**
 * The wallet inside a caller's transaction (`atomically`): what it writes commits or rolls back
 * with everything else the caller writes there.
 */
interface LedgerInTransaction {
  purchase(
    guestId: number,
    cents: number,
    idempotencyKey: string,
    options?: PurchaseOptions,
  ): Promise<TransferResult>;
  /** The guest's balance in cents as this transaction sees it. */
  guestBalance(guestId: number): Promise<number>;
  /** The transfer stored under an idempotency key, as this transaction sees it. */
  transferByKey(idempotencyKey: string): Promise<StoredTransfer | undefined>;
  /** `refund` in this transaction (a cancelled cam show's ticket goes to refunded with its money). */
  refund(transferId: number, idempotencyKey: string): Promise<TransferResult>;
  /** A transfer in this transaction (the voice call's phone top-up before its chat purchase). */
  transfer(request: TransferRequest): Promise<TransferResult>;
}

/** A committed transfer as other modules may read it: its id and the reference it was stored with. */
export interface StoredTransfer {
  id: number;
  reference: Record<string, unknown>;
}

const storedTransfer = (row: LedgerTransferRow | undefined): StoredTransfer | undefined =>
  row ? { id: row.id, reference: row.reference } : undefined;

export interface WalletDeps {
  db: Db;
  /** Where `guestBalance` events go (channel `guest:<id>`); without it nothing is published. */
  bus?: EventBus;
  log?: { error(object: object, message: string): void; warn(object: object, message: string): void };
  /** Whether the guest has paid money in (for the event's paying flag); default false. */
  isPayingCustomer?: (guestId: number) => Promise<boolean>;
}

export function createWalletService(deps: WalletDeps) {
  const { db } = deps;
  const repository = createWalletRepository(db);
  const listeners = new Set<WalletListener>();
  const ownScope: LedgerScope = { db, repository };

  /** After commit: tell listeners (auto-recharge, ...) and every open page of the guest. */
  async function announce(changes: WalletChange[]): Promise<void> {
    for (const change of changes) {
      for (const listener of listeners) {
        try {
          await listener(change);
        } catch (error) {
          deps.log?.error({ err: error, guestId: change.guestId }, 'wallet listener failed');
        }
      }
      if (!deps.bus) continue;
      let paying: boolean;
      try {
        paying = deps.isPayingCustomer ? await deps.isPayingCustomer(change.guestId) : false;
      } catch (error) {
        deps.log?.error({ err: error, guestId: change.guestId }, 'guestBalance event not published');
        continue;
      }
      await publishToGuest(
        deps.bus,
        change.guestId,
        guestBalanceEvent(change.balanceAfterCents, paying),
        deps.log,
      );
    }
  }

  /** The stored result of `key` when the request is the same one; 409 when it is another. */
  async function replay(store: WalletRepository, key: string, hash: string): Promise<TransferResult | null> {
    const existing = await store.transferByKey(key);
    if (!existing) return null;
    if (existing.requestHash !== hash) throw keyReused();
    return resultOf(existing, await store.entriesOf(existing.id), true);
  }

  /**
   * Move money. `guard` runs in the transaction after the key is claimed and before any account is
   * locked (refunds lock the refunded transfer there; a charge records its success with `tx`, in
   * the same transaction as its credit). A guard that throws rolls the whole transfer back.
   */
  async function transfer(
    request: TransferRequest,
    guard?: (store: WalletRepository, transferId: number, tx: Db) => Promise<void>,
    scope: LedgerScope = ownScope,
  ): Promise<TransferResult> {
    validKey(request.idempotencyKey);
    const reference = request.reference ?? {};
    validReference(reference);
    try {
      assertValidTransfer(request.postings);
    } catch (error) {
      if (error instanceof TransferRuleError) throw new AppError('INVALID_TRANSFER', error.message, 400);
      throw error;
    }
    const hash = requestHashOf(request.kind, request.postings, reference);
    const earlier = await replay(scope.repository, request.idempotencyKey, hash);
    if (earlier) return earlier;

    const changes: WalletChange[] = [];
    try {
      // Inside a caller's transaction this is a savepoint: a refused transfer leaves the caller's work usable.
      const result = await scope.db.transaction(async (tx) => {
        changes.length = 0;
        const store = createWalletRepository(tx);
        // Claiming the key first: a concurrent request with the same key waits here on the unique
        // index and then fails with a unique violation (answered below from the stored result).
        const created = await store.insertTransfer({
          idempotencyKey: request.idempotencyKey,
          kind: request.kind,
          reference,
          requestHash: hash,
        });
        if (guard) await guard(store, created.id, tx);
        const ordered = [...request.postings].sort((a, b) => a.account - b.account);
        const locked = new Map(
          (await store.lockAccounts(ordered.map((p) => p.account))).map((row) => [row.id, row]),
        );
        const values: {
          transferId: number;
          accountId: number;
          amountCents: number;
          balanceAfterCents: number;
        }[] = [];
        for (const posting of ordered) {
          const account = locked.get(posting.account);
          if (!account) throw new AppError('UNKNOWN_ACCOUNT', `No ledger account ${posting.account}`, 400);
          const after = balanceAfter(account.kind, account.balanceCents, posting.amountCents);
          if (after === null) throw new NotEnoughMoneyError(account.id);
          if (account.kind === 'guest-wallet' && account.ownerGuestId !== null) {
            changes.push({
              guestId: account.ownerGuestId,
              transferId: created.id,
              kind: request.kind,
              amountCents: posting.amountCents,
              balanceAfterCents: after,
            });
          }
          values.push({
            transferId: created.id,
            accountId: account.id,
            amountCents: posting.amountCents,
            balanceAfterCents: after,
          });
        }
        await store.setBalances(values.map((v) => ({ id: v.accountId, balanceCents: v.balanceAfterCents })));
        const entries = await store.insertEntries(values);
        return resultOf(created, entries, false);
      });
      if (scope.pending) scope.pending.push(...changes);
      else await announce(changes);
      return result;
    } catch (error) {
      if (uniqueViolation(error) === 'ledger_transfers_idempotency_key_unique') {
        const stored = await replay(scope.repository, request.idempotencyKey, hash);
        if (stored) return stored;
      }
      throw error;
    }
  }

  const walletOf = (guestId: number): Promise<LedgerAccountRow> =>
    repository.ensureAccount('guest-wallet', { guestId });

  /**
   * The id of the account of (kind, owner), created on first use. Accounts are never deleted and
   * (kind, owner) never changes, so ids are remembered (bounded) and the hot paths save two queries
   * per account.
   */
  const accountIds = new Map<string, number>();
  const MAX_CACHED_ACCOUNTS = 50_000;
  async function accountIdOf(
    kind: AccountKind,
    owner: AccountOwner,
    scope: LedgerScope = ownScope,
  ): Promise<number> {
    const cacheKey = `${kind}|${owner.guestId ?? ''}|${owner.ref ?? ''}`;
    const cached = accountIds.get(cacheKey) ?? scope.learned?.get(cacheKey);
    if (cached !== undefined) return cached;
    const account = await scope.repository.ensureAccount(kind, owner);
    // An account created in a caller's transaction exists only if that commits: remembered then.
    if (scope.learned) scope.learned.set(cacheKey, account.id);
    else remember(cacheKey, account.id);
    return account.id;
  }

  function remember(cacheKey: string, id: number): void {
    if (accountIds.size >= MAX_CACHED_ACCOUNTS) accountIds.clear();
    accountIds.set(cacheKey, id);
  }

  /**
   * The guest pays `cents` from the wallet: all to platform revenue, or split with a performer's
   * earnings (DEFAULT_PERFORMER_SHARE, the platform keeps the rounding cent).
   */
  async function purchase(
    scope: LedgerScope,
    guestId: number,
    cents: number,
    idempotencyKey: string,
    options: PurchaseOptions = {},
  ): Promise<TransferResult> {
    validCents(cents);
    const wallet = await accountIdOf('guest-wallet', { guestId }, scope);
    const postings: Posting[] = [{ account: wallet, amountCents: -cents }];
    const reference: Record<string, unknown> = { ...options.reference, guestId };
    const { performerCents, platformCents } =
      options.performerId === undefined
        ? { performerCents: 0, platformCents: cents }
        : splitPurchase(cents, DEFAULT_PERFORMER_SHARE);
    if (options.performerId !== undefined) {
      reference.performerId = options.performerId;
      if (performerCents > 0) {
        const earnings = await accountIdOf('performer-earnings', { ref: String(options.performerId) }, scope);
        postings.push({ account: earnings, amountCents: performerCents });
      }
    }
    if (platformCents > 0) {
      const revenue = await accountIdOf('platform-revenue', { ref: revenueShardOf(idempotencyKey) }, scope);
      postings.push({ account: revenue, amountCents: platformCents });
    }
    return transfer(
      { idempotencyKey, kind: options.kind ?? 'purchase', postings, reference },
      undefined,
      scope,
    );
  }

  async function refund(
    scope: LedgerScope,
    transferId: number,
    idempotencyKey: string,
  ): Promise<TransferResult> {
    const original = await scope.repository.transferById(transferId);
    if (!original) throw new AppError('NOT_FOUND', `No transfer ${transferId}`, 404);
    if (original.kind === 'refund') throw new AppError('NOT_REFUNDABLE', 'A refund cannot be refunded', 409);
    const entries = await scope.repository.entriesOf(transferId);
    const postings = reversePostings(
      entries.map((e) => ({ account: e.accountId, amountCents: e.amountCents })),
    );
    return transfer(
      { idempotencyKey, kind: 'refund', postings, reference: { refundOf: transferId } },
      async (store, refundId) => {
        await store.lockTransfer(transferId);
        if (await store.refundOf(transferId, refundId)) {
          throw new AppError('ALREADY_REFUNDED', `Transfer ${transferId} is already refunded`, 409);
        }
      },
      scope,
    );
  }

  async function balanceIn(store: WalletRepository, guestId: number): Promise<number> {
    const wallet = await store.findAccount('guest-wallet', { guestId });
    return wallet?.balanceCents ?? 0;
  }

  async function balanceOf(accountId: number): Promise<number> {
    const account = await repository.accountById(accountId);
    if (!account) throw new AppError('UNKNOWN_ACCOUNT', `No ledger account ${accountId}`, 404);
    return account.balanceCents;
  }

  return {
    transfer,
    /** Called after every committed wallet change (never for replays); returns the unsubscribe. */
    onWalletChange(listener: WalletListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    walletOf,
    balanceOf,
    /** An account of a kind and owner, created on first use. */
    accountOf: (kind: AccountKind, owner: AccountOwner = {}) => repository.ensureAccount(kind, owner),

    /** The guest's wallet balance in cents; 0 while the guest has no wallet yet (reading creates nothing). */
    guestBalance: (guestId: number): Promise<number> => balanceIn(repository, guestId),

    /**
     * Runs `work` in ONE database transaction with the wallet bound to it: the caller's own writes
     * (with `tx`) and the money moved through `ledger` commit together or not at all, so no state
     * that is paid for can exist without its payment, whatever fails in between (a thrown error
     * rolls everything back). Listeners and `guestBalance` events follow after the commit only.
     */
    async atomically<T>(work: (tx: Db, ledger: LedgerInTransaction) => Promise<T>): Promise<T> {
      const pending: WalletChange[] = [];
      const learned = new Map<string, number>();
      const result = await db.transaction(async (tx) => {
        pending.length = 0;
        learned.clear();
        const scope: LedgerScope = { db: tx, repository: createWalletRepository(tx), pending, learned };
        return work(tx, {
          purchase: (guestId, cents, idempotencyKey, options) =>
            purchase(scope, guestId, cents, idempotencyKey, options),
          guestBalance: (guestId) => balanceIn(scope.repository, guestId),
          transferByKey: async (idempotencyKey) =>
            storedTransfer(await scope.repository.transferByKey(idempotencyKey)),
          refund: (transferId, idempotencyKey) => refund(scope, transferId, idempotencyKey),
          transfer: (request) => transfer(request, undefined, scope),
        });
      });
      for (const [cacheKey, id] of learned) remember(cacheKey, id);
      await announce(pending);
      return result;
    },

    /**
     * The transfer stored under an idempotency key (a module that charged under a key it derives
     * finds its charge again: subscriptions finish a half-done period with it).
     */
    async transferByKey(idempotencyKey: string): Promise<StoredTransfer | undefined> {
      return storedTransfer(await repository.transferByKey(idempotencyKey));
    },

    /** The stored reference of a transfer (a top-up's names its charge); null when there is none. */
    async transferReference(transferId: number): Promise<Record<string, unknown> | null> {
      return (await repository.transferById(transferId))?.reference ?? null;
    },

    /**
     * The guest wallet's balance right after a transfer (its entry's balance after); null when the
     * transfer did not touch a guest wallet.
     */
    async walletBalanceAfter(transferId: number): Promise<number | null> {
      return repository.walletBalanceAfter(transferId);
    },

    /** The guest's wallet entries, newest first; `before` is the entry id of the previous page's last row. */
    async historyOf(guestId: number, options: { limit: number; before?: number }): Promise<HistoryRow[]> {
      const wallet = await repository.findAccount('guest-wallet', { guestId });
      if (!wallet) return [];
      return repository.history(wallet.id, options.limit, options.before);
    },

    /**
     * The caller's own entry of one transfer (for its receipt); undefined when the guest has no wallet
     * or the transfer did not touch it (another guest's transfer is indistinguishable from none).
     */
    async entryOf(guestId: number, transferId: number): Promise<HistoryRow | undefined> {
      const wallet = await repository.findAccount('guest-wallet', { guestId });
      if (!wallet) return undefined;
      return repository.entryOfTransfer(wallet.id, transferId);
    },

    /** Money paid at the provider reaches the wallet: provider clearing -> guest wallet. */
    async topUp(
      guestId: number,
      cents: number,
      idempotencyKey: string,
      reference: Record<string, unknown> = {},
    ): Promise<TransferResult> {
      validCents(cents);
      const [clearing, wallet] = await Promise.all([
        accountIdOf('provider-clearing', CLEARING_OWNER),
        accountIdOf('guest-wallet', { guestId }),
      ]);
      return transfer({
        idempotencyKey,
        kind: 'top-up',
        postings: [
          { account: clearing, amountCents: -cents },
          { account: wallet, amountCents: cents },
        ],
        reference: { ...reference, guestId },
      });
    },

    /**
     * The guest pays `cents` from the wallet: all to platform revenue, or split with a performer's
     * earnings (DEFAULT_PERFORMER_SHARE, the platform keeps the rounding cent).
     */
    purchase: (guestId: number, cents: number, idempotencyKey: string, options: PurchaseOptions = {}) =>
      purchase(ownScope, guestId, cents, idempotencyKey, options),

    /** Undo a transfer with a new reversing transfer (never an edit); a transfer is refunded at most once. */
    refund: (transferId: number, idempotencyKey: string): Promise<TransferResult> =>
      refund(ownScope, transferId, idempotencyKey),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
