/**
 * Age verification use cases (spec 4): the guest submits their data, the provider (the sandbox:
 * an operator) decides, an operator may revoke. The legal moves are @vela/domain/avs; every change
 * runs in one transaction over the guest's current status (the guests module's, through
 * `GuestAvsPort`) and `avs_requests` (history), then the matching event is published on
 * `guest:<guestId>`.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { endpointPath } from '@vela/contracts/endpoint';
import type { ErrorCode } from '@vela/contracts/error-codes';
import { type AvsDecisionRequest, type AvsRequest, type AvsState, avsPages } from '@vela/contracts/guest-api';
// The operator's view of a request is its declared answer (decision 0032): a field added here is declared.
import type { AvsRequestView } from '@vela/contracts/operator-api';
import type { Db } from '@vela/db/client';
import {
  type AvsStatus,
  AvsTransitionError,
  acceptAvs,
  avsStateOfGuest,
  type AvsState as DomainAvsState,
  rejectAvs,
  requestAvs,
  revokeAvs,
} from '@vela/domain/avs';
import { NOTIFICATION_TYPES } from '@vela/domain/notifications';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { type PublishLog, publishToGuest } from '../../infra/publish-to-guest.ts';
import type { GuestNotifier } from '../feature-module.ts';
import type { GuestBusEvent } from './avs.events.ts';
import type { AvsProvider } from './avs.provider.ts';
import { type AvsRequestRow, type AvsRequestStatus, createAvsRepository } from './avs.repository.ts';

/** The guest's age verification fields: columns of the guests module's table. */
export interface GuestAvsRow {
  id: number;
  avsStatus: AvsStatus;
  avsRejectMessage: string | null;
}

/**
 * What age verification needs of the guests module (decision 0030): the guest's AVS fields, read,
 * row-locked and set on the executor it passes (its transaction, which also writes the request
 * history), and the screen names of the operator's queue. The guests repository implements it.
 */
export interface GuestAvsPort {
  avsFieldsIn(
    executor: Db,
    guestId: number,
    options?: { forUpdate?: boolean },
  ): Promise<GuestAvsRow | undefined>;
  setAvsFieldsIn(
    executor: Db,
    guestId: number,
    status: AvsStatus,
    rejectMessage: string | null,
  ): Promise<void>;
  /** One query for the whole list; an unknown id is absent. */
  screenNamesOf(guestIds: readonly number[]): Promise<Map<number, string>>;
}

export interface AvsRequestListRow extends AvsRequestRow {
  screenName: string;
}

/** Spec 4 and the youth protection rule behind it: only adults can be verified. */
export const AVS_MINIMUM_AGE = 18;
const OLDEST_BIRTH_YEAR = 1900;

/** The calendar date of `YYYY-MM-DD`, or null when no such day exists (2023-02-30). */
export function parseBirthDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

/**
 * True when someone born on `birthDate` is at least `AVS_MINIMUM_AGE` on the UTC day of `now`.
 * Born on 29 February: of age on 1 March of a non-leap year.
 */
export function isOfAge(birthDate: { year: number; month: number; day: number }, now: Date): boolean {
  const comingOfAge = Date.UTC(birthDate.year + AVS_MINIMUM_AGE, birthDate.month - 1, birthDate.day);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return today >= comingOfAge;
}

/** Only the last 4 characters of a document number are ever stored. */
export const documentLast4 = (documentNumber: string) => documentNumber.slice(-4);

export function presentAvsState(row: Pick<GuestAvsRow, 'avsStatus' | 'avsRejectMessage'>): AvsState {
  return {
    avsStatus: row.avsStatus,
    avsRejectMessage: row.avsStatus === 'rejected' ? row.avsRejectMessage : null,
  };
}

function domainStateOf(row: GuestAvsRow): DomainAvsState {
  return avsStateOfGuest({
    hasAvs: row.avsStatus === 'accepted',
    avsStatus: row.avsStatus,
    avsRejectMessage: row.avsRejectMessage,
  });
}

function storedOf(state: DomainAvsState): { status: GuestAvsRow['avsStatus']; message: string | null } {
  return { status: state.status, message: state.status === 'rejected' ? state.message : null };
}

function viewOf(state: DomainAvsState): AvsState {
  const stored = storedOf(state);
  return { avsStatus: stored.status, avsRejectMessage: stored.message };
}

function eventOf(state: DomainAvsState): GuestBusEvent {
  switch (state.status) {
    case 'accepted':
      return { type: 'avsSet' };
    case 'unknown':
      return { type: 'avsRevoked' };
    case 'pending':
      return { type: 'avsPending' };
    case 'rejected':
      return { type: 'avsRejected', message: state.message };
  }
}

/** An illegal move of the domain as a 409 with a stable code. */
function conflictOf(error: unknown, code: ErrorCode, message: string): unknown {
  return error instanceof AvsTransitionError ? new AppError(code, message, 409) : error;
}

/** Links to the sandbox provider's decision page (only a provider with `hasDecisionPage` gets them). */
export interface AvsSandboxLinks {
  /** The page lives at `<publicOrigin>/rest/v1/avs/sandbox/<requestId>?token=…`. */
  publicOrigin: string;
  /** The secret the link tokens are derived from (the session secret: the same on every node). */
  secret: () => Promise<string>;
}

/** Where the sandbox decision page of a request is (the path under the page origin). */
export const avsSandboxPagePath = (requestId: number) =>
  `/rest/v1/${endpointPath(avsPages.decision, { params: { requestId } })}`;

export interface AvsServiceDeps {
  db: Db;
  bus: EventBus;
  guests: GuestAvsPort;
  provider: AvsProvider;
  /** Set: the provider's pending requests can be decided on the sandbox page. */
  sandboxLinks?: AvsSandboxLinks;
  now?: () => Date;
  log?: PublishLog;
  /** Tells the guest the verification was accepted (a notification). */
  notify?: GuestNotifier;
}

export function presentAvsRequest(row: AvsRequestListRow): AvsRequestView {
  return {
    id: String(row.id),
    guestId: String(row.guestId),
    screenName: row.screenName,
    fullName: row.fullName,
    birthDate: row.birthDate,
    documentType: row.documentType,
    documentLast4: row.documentLast4,
    status: row.status,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionMessage: row.decisionMessage,
  };
}

export function createAvsService(deps: AvsServiceDeps) {
  const { db, bus, provider, guests } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createAvsRepository(db);
  const publish = async (guestId: number, state: DomainAvsState) => {
    await publishToGuest(bus, guestId, eventOf(state), deps.log);
    if (state.status === 'accepted')
      await deps.notify?.(guestId, {
        type: NOTIFICATION_TYPES.avsAccepted,
        params: {},
        url: null,
        dedupeKey: null,
      });
  };

  const guestNotFound = () => new AppError('GUEST_NOT_FOUND', 'No such guest', 404);

  // --- the sandbox provider's decision page (issue 14) --------------------------------------
  const links = provider.hasDecisionPage ? deps.sandboxLinks : undefined;
  let linkKey: Promise<Buffer> | undefined;
  const linkToken = async (requestId: number) => {
    const secret = links?.secret;
    if (!secret) throw new Error('no sandbox decision page');
    linkKey ??= secret().then((s) =>
      Buffer.from(hkdfSync('sha256', s, 'vela-avs', 'sandbox-decision-page', 32)),
    );
    return createHmac('sha256', await linkKey)
      .update(`avs-sandbox:${requestId}`)
      .digest('hex');
  };
  const invalidLink = () =>
    new AppError('AVS_SANDBOX_LINK_INVALID', 'This sandbox decision link is not valid', 404);

  return {
    /** The guest's current state (spec 3 avsStatus, avsRejectMessage). */
    async status(guestId: number): Promise<AvsState> {
      const row = await guests.avsFieldsIn(db, guestId);
      if (!row) throw guestNotFound();
      return presentAvsState(row);
    },

    /** The guest submits their data (`avs/request`): unknown or rejected -> pending. */
    async submit(guestId: number, request: AvsRequest): Promise<AvsState> {
      const birthDate = parseBirthDate(request.birthDate);
      const today = now();
      if (
        !birthDate ||
        birthDate.year < OLDEST_BIRTH_YEAR ||
        Date.UTC(birthDate.year, 0, 1) > today.getTime()
      )
        throw new AppError('AVS_INVALID_BIRTH_DATE', 'birthDate is not a valid date of birth', 400);
      if (!isOfAge(birthDate, today))
        throw new AppError(
          'AVS_UNDERAGE',
          `Age verification needs an age of ${AVS_MINIMUM_AGE} or more`,
          400,
        );

      const refuseFrom = (row: GuestAvsRow) => {
        if (row.avsStatus === 'pending')
          throw new AppError('AVS_ALREADY_PENDING', 'An age verification is already being checked', 409);
        if (row.avsStatus === 'accepted')
          throw new AppError('AVS_ALREADY_ACCEPTED', 'The age verification is already accepted', 409);
      };
      const current = await guests.avsFieldsIn(db, guestId);
      if (!current) throw guestNotFound();
      refuseFrom(current);

      // The provider is called outside the transaction (a real one is a network call).
      const outcome = await provider.submit({ ...request, guestId });

      const next = await db.transaction(async (tx) => {
        const store = createAvsRepository(tx);
        const row = await guests.avsFieldsIn(tx, guestId, { forUpdate: true });
        if (!row) throw guestNotFound();
        refuseFrom(row); // a concurrent submit got here first
        let state = requestAvs(domainStateOf(row));
        if (outcome.status === 'accepted') state = acceptAvs(state);
        if (outcome.status === 'rejected') state = rejectAvs(state, outcome.message);
        const decided = outcome.status !== 'pending';
        await store.insertRequest({
          guestId,
          provider: provider.name,
          fullName: request.fullName,
          birthDate: request.birthDate,
          documentType: request.documentType,
          documentLast4: documentLast4(request.documentNumber),
          status: outcome.status,
          decidedAt: decided ? now() : null,
          decisionMessage: outcome.status === 'rejected' ? outcome.message : null,
        });
        const stored = storedOf(state);
        await guests.setAvsFieldsIn(tx, guestId, stored.status, stored.message);
        return state;
      });
      await publish(guestId, next);
      return viewOf(next);
    },

    /** True when the provider's requests are decided on the sandbox page (never with a real provider). */
    hasSandboxPage: links !== undefined,

    /**
     * The sandbox decision page of the guest's pending request, or null (no pending request, or a
     * provider without such a page). The link carries a token: the page needs no session.
     */
    async sandboxLink(guestId: number): Promise<string | null> {
      if (!links) return null;
      const pending = await repository.newestRequestOf(guestId, 'pending');
      if (!pending || pending.provider !== provider.name) return null;
      return `${links.publicOrigin}${avsSandboxPagePath(pending.id)}?token=${await linkToken(pending.id)}`;
    },

    /** The request a sandbox page link names, when its token is right (else 404 AVS_SANDBOX_LINK_INVALID). */
    async sandboxRequest(requestId: number, token: string): Promise<AvsRequestRow> {
      if (!links) throw invalidLink();
      const expected = Buffer.from(await linkToken(requestId), 'utf8');
      const given = Buffer.from(token, 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidLink();
      const row = await repository.request(requestId);
      if (!row || row.provider !== provider.name) throw invalidLink();
      return row;
    },

    /** The operator's queue. */
    async requests(status: AvsRequestStatus, limit: number): Promise<AvsRequestView[]> {
      const requests = await repository.requestsByStatus(status, limit);
      const names = await guests.screenNamesOf(requests.map((request) => request.guestId));
      // Only requests of an existing guest, as the join with guests answered before.
      return requests.flatMap((request) => {
        const screenName = names.get(request.guestId);
        return screenName === undefined ? [] : [presentAvsRequest({ ...request, screenName })];
      });
    },

    /**
     * A pending request is decided, by an operator (internal API) or on the sandbox provider's page:
     * the guest becomes accepted or rejected (with message). One path for both: events, notification.
     */
    async decide(
      requestId: number,
      decision: AvsDecisionRequest,
    ): Promise<{ guestId: number; state: AvsState }> {
      const { guestId, state } = await db.transaction(async (tx) => {
        const store = createAvsRepository(tx);
        const request = await store.requestForUpdate(requestId);
        if (!request) throw new AppError('AVS_REQUEST_NOT_FOUND', 'No such age verification request', 404);
        if (request.status !== 'pending')
          throw new AppError(
            'AVS_REQUEST_NOT_PENDING',
            `The request is already ${request.status}; only a pending request can be decided`,
            409,
          );
        const guest = await guests.avsFieldsIn(tx, request.guestId, { forUpdate: true });
        if (!guest) throw guestNotFound();
        let next: DomainAvsState;
        try {
          next =
            decision.decision === 'accept'
              ? acceptAvs(domainStateOf(guest))
              : rejectAvs(domainStateOf(guest), decision.message);
        } catch (error) {
          throw conflictOf(error, 'AVS_NOT_PENDING', `The guest's age verification is ${guest.avsStatus}`);
        }
        await store.setRequestStatus(
          request.id,
          decision.decision === 'accept' ? 'accepted' : 'rejected',
          now(),
          decision.decision === 'reject' ? decision.message : null,
        );
        const stored = storedOf(next);
        await guests.setAvsFieldsIn(tx, guest.id, stored.status, stored.message);
        return { guestId: guest.id, state: next };
      });
      await publish(guestId, state);
      return { guestId, state: viewOf(state) };
    },

    /** Revocation: an accepted verification is withdrawn, the guest is unknown again (their pages reload). */
    async revoke(guestId: number, reason: string | null): Promise<AvsState> {
      const state = await db.transaction(async (tx) => {
        const store = createAvsRepository(tx);
        const guest = await guests.avsFieldsIn(tx, guestId, { forUpdate: true });
        if (!guest) throw guestNotFound();
        let next: DomainAvsState;
        try {
          next = revokeAvs(domainStateOf(guest));
        } catch (error) {
          throw conflictOf(
            error,
            'AVS_NOT_ACCEPTED',
            `Only an accepted age verification can be revoked; it is ${guest.avsStatus}`,
          );
        }
        const accepted = await store.newestRequestOf(guestId, 'accepted');
        if (accepted) await store.setRequestStatus(accepted.id, 'revoked', now(), reason);
        await guests.setAvsFieldsIn(tx, guestId, 'unknown', null);
        return next;
      });
      await publish(guestId, state);
      return viewOf(state);
    },
  };
}

export type AvsService = ReturnType<typeof createAvsService>;
