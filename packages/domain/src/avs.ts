/**
 * Age verification (spec 4): unknown -> pending -> accepted | rejected (with message); an accepted
 * verification can be revoked (back to unknown, the page reloads); a rejected guest may try again
 * (rejected -> pending). Socket events: avsSet -> accepted, avsRevoked -> unknown (reload),
 * avsPending -> pending, avsRejected -> rejected. Until accepted, FSK-18 content is refused.
 */

export const AVS_STATUSES = ['unknown', 'pending', 'rejected', 'accepted'] as const;
export type AvsStatus = (typeof AVS_STATUSES)[number];

export type AvsState =
  | { status: 'unknown' }
  | { status: 'pending' }
  | { status: 'accepted' }
  | { status: 'rejected'; message: string };

export const AVS_UNKNOWN: AvsState = { status: 'unknown' };

export const AVS_EVENTS = ['avsSet', 'avsRevoked', 'avsPending', 'avsRejected'] as const;
export type AvsEventName = (typeof AVS_EVENTS)[number];
export type AvsEvent =
  | { type: 'avsSet' }
  | { type: 'avsRevoked' }
  | { type: 'avsPending' }
  | { type: 'avsRejected'; message?: string };

export type AvsErrorCode = 'AVS_ILLEGAL_TRANSITION';

export class AvsTransitionError extends Error {
  readonly code: AvsErrorCode = 'AVS_ILLEGAL_TRANSITION';
  constructor(
    readonly from: AvsStatus,
    readonly to: AvsStatus,
  ) {
    super(`age verification cannot go from ${from} to ${to}`);
    this.name = 'AvsTransitionError';
  }
}

/** The legal moves; anything else throws. */
const NEXT: Record<AvsStatus, readonly AvsStatus[]> = {
  unknown: ['pending'],
  pending: ['accepted', 'rejected'],
  rejected: ['pending'],
  accepted: ['unknown'],
};

export function canMoveAvs(from: AvsStatus, to: AvsStatus): boolean {
  return NEXT[from].includes(to);
}

function move(from: AvsState, to: AvsState): AvsState {
  if (!canMoveAvs(from.status, to.status)) throw new AvsTransitionError(from.status, to.status);
  return to;
}

/** The guest submitted their data to the provider. */
export function requestAvs(state: AvsState): AvsState {
  return move(state, { status: 'pending' });
}

/** The provider (or operator) decided. */
export function acceptAvs(state: AvsState): AvsState {
  return move(state, { status: 'accepted' });
}

export function rejectAvs(state: AvsState, message: string): AvsState {
  return move(state, { status: 'rejected', message });
}

/** Revocation: an accepted verification is withdrawn; the guest is unverified again. */
export function revokeAvs(state: AvsState): AvsState {
  return move(state, { status: 'unknown' });
}

/** The state a socket event announces, independent of the current one. */
export function avsStateOfEvent(event: AvsEvent): AvsState {
  switch (event.type) {
    case 'avsSet':
      return { status: 'accepted' };
    case 'avsRevoked':
      return { status: 'unknown' };
    case 'avsPending':
      return { status: 'pending' };
    case 'avsRejected':
      return { status: 'rejected', message: event.message ?? '' };
  }
}

export interface AvsEventResult {
  state: AvsState;
  /** avsRevoked reloads the page (spec 4). */
  reload: boolean;
}

/**
 * Applies a socket event. The server is the source of truth, but an event that repeats the current
 * status is a no-op (a rejection may carry a new message); any other illegal move throws.
 */
export function applyAvsEvent(state: AvsState, event: AvsEvent): AvsEventResult {
  const next = avsStateOfEvent(event);
  const reload = event.type === 'avsRevoked';
  if (next.status === state.status) return { state: next.status === 'rejected' ? next : state, reload };
  return { state: move(state, next), reload };
}

/** FSK-18 content is open only to an accepted verification. */
export function canAccessFsk18(state: AvsState): boolean {
  return state.status === 'accepted';
}

/** Builds the state from the Guest fields hasAvs, avsStatus and avsRejectMessage (spec 3). */
export function avsStateOfGuest(guest: {
  hasAvs: boolean;
  avsStatus?: AvsStatus | null;
  avsRejectMessage?: string | null;
}): AvsState {
  if (guest.hasAvs) return { status: 'accepted' };
  switch (guest.avsStatus) {
    case 'pending':
      return { status: 'pending' };
    case 'rejected':
      return { status: 'rejected', message: guest.avsRejectMessage ?? '' };
    default:
      return AVS_UNKNOWN;
  }
}
