/**
 * Clash of cams (spec 2 special event, spec 7 `clashOfCamsVoting`; issue 18, decision 0053): two
 * online performers, a voting window of a few minutes, one free vote per logged-in guest. The totals
 * go to every socket on the presence channel after the start, after votes (at most one broadcast per
 * clash per VOTE_BROADCAST_MS on a node, the last state always sent) and at once at the end (the pages
 * keep the clash of the performer they show), with both performers' banned countries (spec 6).
 */
import type { ClashView } from '@vela/contracts/live-events';
import { PRESENCE_CHANNEL } from '@vela/contracts/socket';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { uniqueViolation } from '../../infra/db-errors.ts';
import type { ActorChatReads } from '../catalog/actor-chat.ts';
import { CLASH_PERFORMER_KEY, type ClashRepository, type ClashRow } from './clash.repository.ts';

/** How long a page still shows an ended clash's final totals on load. */
export const CLASH_RESULT_SHOWN_MS = 5 * 60_000;
/** At most one vote broadcast per clash this often (per node); the end is never held back. */
export const VOTE_BROADCAST_MS = 250;

export interface ClashServiceDeps {
  repository: ClashRepository;
  actors: Pick<ActorChatReads, 'actorForChat'>;
  bus: Pick<EventBus, 'publish'>;
  now: () => number;
  log?: { error(object: object, message: string): void };
}

export function createClashService(deps: ClashServiceDeps) {
  const { repository } = deps;
  /** Per clash: when its totals were last broadcast (system time) and the held-back broadcast. */
  const broadcasts = new Map<number, { sentAt: number; timer?: NodeJS.Timeout }>();

  async function sides(row: ClashRow) {
    const [a, b] = await Promise.all([
      deps.actors.actorForChat(row.actorA),
      deps.actors.actorForChat(row.actorB),
    ]);
    return { a, b };
  }

  async function viewOf(row: ClashRow): Promise<{ view: ClashView; banned: string[] }> {
    const [{ a, b }, totals] = await Promise.all([sides(row), repository.totals(row.id)]);
    const side = (actorId: number, name: string | undefined) => ({
      actorId,
      actorName: name ?? '',
      votes: totals.get(actorId) ?? 0,
    });
    return {
      view: {
        clashId: row.id,
        actors: [side(row.actorA, a?.name), side(row.actorB, b?.name)],
        endsAt: row.endsAt.toISOString(),
        ended: row.endsAt.getTime() <= deps.now(),
      },
      banned: [...new Set([...(a?.chat.bannedCountryCodes ?? []), ...(b?.chat.bannedCountryCodes ?? [])])],
    };
  }

  async function announce(row: ClashRow): Promise<ClashView> {
    const { view, banned } = await viewOf(row);
    await deps.bus.publish(PRESENCE_CHANNEL, {
      type: 'clashOfCamsVoting',
      ...view,
      bannedCountryCodes: banned,
    });
    return view;
  }

  /** Forgets the clash's held-back broadcast (its end is being announced, or it is long over). */
  function forget(clashId: number): void {
    clearTimeout(broadcasts.get(clashId)?.timer);
    broadcasts.delete(clashId);
  }

  /**
   * The totals after a vote: broadcast now when none went out for this clash within
   * VOTE_BROADCAST_MS, else once when that time is up (reading the totals then: the last state is
   * always sent, and a vote meanwhile rides along). Answers the view as of this vote.
   */
  async function votesChanged(row: ClashRow): Promise<ClashView> {
    const { view, banned } = await viewOf(row);
    const at = Date.now();
    for (const [id, entry] of broadcasts)
      if (!entry.timer && at - entry.sentAt > 60_000) broadcasts.delete(id);
    const entry = broadcasts.get(row.id) ?? { sentAt: 0 };
    broadcasts.set(row.id, entry);
    if (entry.timer) return view;
    const wait = entry.sentAt + VOTE_BROADCAST_MS - at;
    if (wait <= 0) {
      entry.sentAt = at;
      await deps.bus.publish(PRESENCE_CHANNEL, {
        type: 'clashOfCamsVoting',
        ...view,
        bannedCountryCodes: banned,
      });
      return view;
    }
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      entry.sentAt = Date.now();
      announce(row).catch((error: unknown) =>
        deps.log?.error({ err: error, clashId: row.id }, 'clash: totals not announced'),
      );
    }, wait);
    entry.timer.unref();
    return view;
  }

  /** Starts a clash now; the database refuses a performer already in one (409 CLASH_RUNNING). */
  async function begin(
    actorIds: readonly [number, number],
    minutes: number,
    noneStartedSince?: Date,
  ): Promise<ClashView | null> {
    const now = new Date(deps.now());
    const found = await Promise.all(actorIds.map((id) => deps.actors.actorForChat(id)));
    if (found.some((actor) => !actor)) throw new AppError('NOT_FOUND', 'No such performer', 404);
    if (found.some((actor) => !actor?.chat.isOnline))
      throw new AppError('PERFORMER_OFFLINE', 'Both performers must be online', 409);
    // Clashes over but not announced yet still hold their performers: announce (and free) them first.
    await sweep();
    const running = await Promise.all(actorIds.map((id) => repository.runningOf(id, now)));
    if (running.some(Boolean)) throw new AppError('CLASH_RUNNING', 'A performer is in a running clash', 409);
    let row: ClashRow | null;
    try {
      row = await repository.insert(
        {
          actorA: actorIds[0],
          actorB: actorIds[1],
          startsAt: now,
          endsAt: new Date(now.getTime() + minutes * 60_000),
        },
        noneStartedSince,
      );
    } catch (error) {
      // A parallel start took a performer first (clash_performers' primary key decided).
      if (uniqueViolation(error) === CLASH_PERFORMER_KEY)
        throw new AppError('CLASH_RUNNING', 'A performer is in a running clash', 409);
      throw error;
    }
    return row ? announce(row) : null;
  }

  /** Announces the final totals of every clash over by now (once each, on whichever node). */
  async function sweep(): Promise<number> {
    const ended = await repository.takeEnded(new Date(deps.now()));
    for (const row of ended) {
      forget(row.id);
      await announce(row);
    }
    return ended.length;
  }

  return {
    /** Operator: starts a clash of two online performers now; neither may be in a running clash. */
    async start(actorIds: readonly [number, number], minutes: number): Promise<ClashView> {
      const view = await begin(actorIds, minutes);
      if (!view) throw new Error('clash not started');
      return view;
    },

    /**
     * The demo's clash (decision 0053): as the operator's start, but only when no clash started at or
     * after `since` (checked under one lock for every node); null when one did.
     */
    startUnlessStartedSince: (actorIds: readonly [number, number], minutes: number, since: Date) =>
      begin(actorIds, minutes, since),

    /** The performer's running clash, or the last one ended within CLASH_RESULT_SHOWN_MS. */
    async current(actorId: number, guestId: number | null) {
      const now = new Date(deps.now());
      const row =
        (await repository.runningOf(actorId, now)) ??
        (await repository.endedSince(actorId, new Date(now.getTime() - CLASH_RESULT_SHOWN_MS)));
      if (!row || row.startsAt.getTime() > now.getTime()) return { clash: null, votedFor: null };
      const [{ view }, votedFor] = await Promise.all([
        viewOf(row),
        guestId === null ? null : repository.votedFor(row.id, guestId),
      ]);
      return { clash: view, votedFor };
    },

    /** A guest's one free vote; every socket then hears the totals. */
    async vote(guestId: number, clashId: number, actorId: number): Promise<ClashView> {
      const row = await repository.byId(clashId);
      const now = new Date(deps.now());
      if (!row || row.startsAt.getTime() > now.getTime())
        throw new AppError('CLASH_NOT_FOUND', 'No such clash', 404);
      if (row.endsAt.getTime() <= now.getTime()) throw new AppError('CLASH_ENDED', 'The voting is over', 409);
      if (actorId !== row.actorA && actorId !== row.actorB)
        throw new AppError('CLASH_WRONG_ACTOR', 'This performer is not in the clash', 400);
      // The primary key decides: of parallel votes of one guest, one is written, the rest are refused.
      if (!(await repository.vote(clashId, guestId, actorId, now)))
        throw new AppError('ALREADY_VOTED', 'You have voted in this clash already', 409);
      return votesChanged(row);
    },

    sweep,

    /** Drops the held-back broadcasts (the app closes). */
    stop(): void {
      for (const clashId of [...broadcasts.keys()]) forget(clashId);
    },
  };
}
export type ClashService = ReturnType<typeof createClashService>;
