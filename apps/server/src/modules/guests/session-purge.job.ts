/**
 * The purge of what can no longer authenticate anything (issue 14, decision 0026): ended sessions,
 * sessions whose cookie has expired, idle visitor sessions, and used or expired password reset keys
 * and login transfer tokens. Ended and spent rows are kept for a day first (support can still see
 * what happened); nothing live is ever deleted. Hourly, the first run at start; runs never overlap in
 * a process, and two nodes purging at once delete the same rows once.
 */
import { createIntervalJob, type IntervalJob } from '../../infra/interval-job.ts';
import type { PurgeCounts, PurgeCutoffs } from './guests.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Ended sessions, used or expired reset keys and transfer tokens are kept this long. */
export const PURGE_GRACE_MS = DAY_MS;
/** A visitor's session not seen for this long is deleted (it holds nothing; a new one is made lazily). */
export const ANONYMOUS_SESSION_IDLE_MS = 7 * DAY_MS;
/** Any session not seen for this long is deleted: its cookie (Max-Age one year) has expired. */
export const SESSION_IDLE_MS = 365 * DAY_MS;
const PURGE_BATCH = 5_000;

/** The cutoffs of a purge at `now`. */
export function purgeCutoffsAt(now: Date): PurgeCutoffs {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return {
    endedBefore: before(PURGE_GRACE_MS),
    anonymousIdleBefore: before(ANONYMOUS_SESSION_IDLE_MS),
    idleBefore: before(SESSION_IDLE_MS),
    spentBefore: before(PURGE_GRACE_MS),
    batch: PURGE_BATCH,
  };
}

export type SessionPurgeJob = IntervalJob<PurgeCounts>;

export function createSessionPurgeJob(deps: {
  purge: (cutoffs: PurgeCutoffs) => Promise<PurgeCounts>;
  intervalMs?: number;
  now?: () => Date;
  log?: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}): SessionPurgeJob {
  const now = deps.now ?? (() => new Date());
  return createIntervalJob({
    name: 'session purge',
    intervalMs: deps.intervalMs ?? SESSION_PURGE_INTERVAL_MS,
    ...(deps.log ? { log: deps.log } : {}),
    run: async () => {
      const counts = await deps.purge(purgeCutoffsAt(now()));
      if (counts.sessions + counts.resetKeys + counts.loginTransfers > 0)
        deps.log?.info({ ...counts }, 'session purge');
      return counts;
    },
  });
}
