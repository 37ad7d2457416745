/**
 * Live billing benchmark (issue 16 "Measured", decision 0038 part 4): 300 concurrent billed live chats on
 * PostgreSQL for 10 minutes of the configured minute length, on the real live service and billing loop
 * (apps/server/src/modules/live: the engine of packages/domain, one conditional UPDATE per step, each minute
 * one wallet purchase under `live:<session>:<minute>`) with the real wallet, on the wall clock. No media
 * path: the bench reports the delivery events the signaling would (`performerAccepted`, `mediaUp`), like
 * the server tests; the minute is the real setting LIVE_MINUTE_MS, shortened.
 *
 * A fresh database, SESSIONS guests with an accepted age check and SESSIONS online performers (prices 99 to
 * 399 cents); two guests in three are funded for the whole run, every third one for 0 to 9 minutes, so
 * their chats end with 501 while the others run. The chats start spread over the first minute and the
 * guests leave after MINUTES and a half minutes (100, the half minute charged pro rata). Then, in SQL:
 * every session's transfers are its minutes 0..n-1, each once, whole minutes at the price and the partial
 * last one as the engine's rule says (pro rata for an exit, the rest of the balance at 501); every 501
 * guest's wallet is at 0; every guest's balance is its top-up minus its chat transfers; the receipt's
 * rows (`live_minutes`) match the transfers; the ledger's invariants hold (bench/ledger.ts).
 *
 * Reported: tick lag p50/p99/max = how late a whole minute's charge was emitted after the minute was
 * delivered (the loop's lateness: its timer, its queue and the database in front of it), charge commit
 * p50/p99 (emitted -> the ledger's answer), charges/s, database commits/s, the event loop's delay p99.
 *
 * Env: BENCH_LIVE_SESSIONS (300), BENCH_LIVE_MINUTE_MS (6000), BENCH_LIVE_MINUTES (10), BENCH_LIVE_POOL
 * (10, the server's DATABASE_POOL_SIZE default), BENCH_LEDGER_ADMIN_URL (see bench/ledger.ts).
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase, queryRows } from '@vela/db/client';
import { migrateDatabase } from '@vela/db/migrate';
import { sql } from '@vela/db/orm';
import type { ChatSessionState } from '@vela/domain/chat-session';
import type { LiveWallet } from '../apps/server/src/modules/live/live.loop.ts';
import { createWalletService } from '../apps/server/src/modules/wallet/wallet.service.ts';
import { liveNodeOn } from '../apps/server/test/live-node.ts';
import { databaseUrl, drop, type LedgerBenchResult, ledgerInvariantsOf, recreate } from './ledger.ts';
import { percentile, round } from './stats.ts';

const SESSIONS = Number(process.env.BENCH_LIVE_SESSIONS ?? 300);
const MINUTE_MS = Number(process.env.BENCH_LIVE_MINUTE_MS ?? 6000);
const MINUTES = Number(process.env.BENCH_LIVE_MINUTES ?? 10);
const POOL = Number(process.env.BENCH_LIVE_POOL ?? 10);
/** Spec 9: the page pings every 50 s (the engine's client timeout is 120 s). */
const PING_MS = 50_000;

export interface LiveBillingBenchResult {
  sessions: number;
  minuteMs: number;
  minutes: number;
  poolSize: number;
  /** Wall time from the first chat's start to the last one's end. */
  durationS: number;
  ended: { exit100: number; exit501: number; other: number; notEnded: number };
  charges: { total: number; wholeMinutes: number; partial: number; perSecond: number; reEmitted: number };
  tickLagMs: { p50: number; p99: number; max: number };
  chargeCommitMs: { p50: number; p99: number };
  dbCommitsPerSecond: number;
  eventLoopDelayP99Ms: number;
  /** The machine's 1-minute load average at the end (2 cores here; other work shares them). */
  loadAverage: number;
  checks: {
    /** Every session's transfers are minutes 0..n-1, each once, as many as the engine's rule says. */
    eachMinuteOnce: boolean;
    /** Whole minutes at the price, the partial one pro rata (exit) or the rest of the balance (501). */
    amountsAsRuled: boolean;
    /** Every guest's wallet = top-up - chat transfers, never below zero; 501 guests at exactly 0. */
    walletsExact: boolean;
    /** The receipt's rows (`live_minutes`) are the transfers. */
    receiptMatchesLedger: boolean;
    ledger: LedgerBenchResult['invariants'];
  };
  failures: string[];
}

/** Price of performer i: 99..399 cents. */
const priceOf = (i: number) => 99 + ((i * 37) % 301);
/** Every third guest can pay 0 to 9 minutes (its chat ends with 501); the others the whole run. */
const topUpOf = (i: number, price: number) =>
  i % 3 === 0 ? 50 + ((i * 7919) % (price * 9)) : price * (MINUTES + 1) + 500;

type TransferRow = { session_id: string; minute_index: number; partial: boolean; cents: number };

export async function runLiveBillingBench(): Promise<LiveBillingBenchResult> {
  const name = `vela_bench_live_${process.pid}`;
  await recreate(name);
  const database = await openDatabase({ url: databaseUrl(name), poolSize: POOL });
  const failures: string[] = [];
  try {
    await migrateDatabase(database);
    const { db } = database;
    await db.execute(sql`insert into guests (screen_name, email, password_hash, avs_status)
      select 'live_' || g, 'live_' || g || '@example.com', 'x', 'accepted' from generate_series(1, ${SESSIONS}) g`);
    await db.execute(sql`insert into actors (name, name_lower, gender, actor_type, birth_date, about_me,
        is_online, price_video_cents, price_single_cents, price_singlec2c_cents, price_voyeur_cents,
        price_message_cents, multi_chat_price_cents, avatar_key, registered_at)
      select 'Live' || g, 'live' || g, 'F', 'F', '1995-04-01', '{"de":"x","en":"x","nl":"x","es":"x"}'::jsonb,
        true, 199, 99 + ((g - 1) * 37) % 301, 299, 99, 49, 149, 'bench', now()
      from generate_series(1, ${SESSIONS}) g`);
    const idsOf = async (table: 'guests' | 'actors') =>
      (
        await queryRows<{ id: number }>(
          db,
          sql`select id::int as id from ${sql.identifier(table)} order by id`,
        )
      ).map((r) => r.id);
    const guestIds = await idsOf('guests');
    const actorIds = await idsOf('actors');
    const realWallet = createWalletService({ db });
    const topUps = guestIds.map((_, i) => topUpOf(i, priceOf(i)));
    for (const [i, id] of guestIds.entries())
      await realWallet.topUp(id, topUps[i] ?? 0, `bench-live-topup-${id}`);

    // The real wallet, timing each minute's charge: when the loop emitted it and when the ledger answered.
    const emitted = new Map<string, number>();
    const answered = new Map<string, number>();
    let reEmitted = 0;
    const wallet: LiveWallet = {
      guestBalance: (guestId) => realWallet.guestBalance(guestId),
      async purchase(guestId, cents, key, options) {
        if (emitted.has(key)) reEmitted += 1;
        else emitted.set(key, Date.now());
        const result = await realWallet.purchase(guestId, cents, key, options);
        if (!answered.has(key)) answered.set(key, Date.now());
        return result;
      },
    };
    const live = liveNodeOn(db, { minuteMs: MINUTE_MS, nodeId: 'bench', wallet, now: Date.now });
    const commitsOf = async () =>
      Number(
        (
          await queryRows<{ n: string }>(
            db,
            sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
          )
        )[0]?.n ?? 0,
      );
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const commitsBefore = await commitsOf();
    const started = Date.now();
    live.loop.start();

    // Each chat: start, accepted, media up (billing starts), pings, the guest leaves after MINUTES.5.
    const mediaUpAt = new Map<string, number>();
    const sessionOf = new Map<string, number>();
    const timers: NodeJS.Timeout[] = [];
    const startOne = async (i: number) => {
      await sleep((i * MINUTE_MS) / SESSIONS);
      const guestId = guestIds[i] ?? 0;
      const begun = await live.service.start({
        guestId,
        actorId: actorIds[i] ?? 0,
        type: 'livechat',
        country: null,
      });
      if (!begun.ok) {
        failures.push(`session ${i} not started: ${begun.code}`);
        return;
      }
      const id = begun.sessionId;
      sessionOf.set(id, i);
      await live.service.event(id, { type: 'performerAccepted' });
      await live.service.event(id, { type: 'mediaUp' });
      const state = live.loop.stateOf(id);
      mediaUpAt.set(id, (state?.deliveringSince ?? Date.now()) - (state?.deliveredMs ?? 0));
      const ping = setInterval(() => void live.service.event(id, { type: 'guestAlive' }), PING_MS);
      timers.push(ping);
      timers.push(
        setTimeout(
          () => {
            clearInterval(ping);
            void live.service.event(id, { type: 'guestExit' });
          },
          (MINUTES + 0.5) * MINUTE_MS,
        ),
      );
    };
    await Promise.all(guestIds.map((_, i) => startOne(i)));
    // Until every chat ended (an ended session leaves the loop), or well past the planned end.
    const give = started + (MINUTES + 3) * MINUTE_MS + 60_000;
    while ([...sessionOf.keys()].some((id) => live.loop.owns(id)) && Date.now() < give) await sleep(200);
    const finished = Date.now();
    live.loop.stop();
    for (const timer of timers) clearTimeout(timer);
    delay.disable();
    const commits = (await commitsOf()) - commitsBefore;
    const durationS = (finished - started) / 1000;

    // --- checks, in SQL -------------------------------------------------------------------------------
    const sessions = await queryRows<{ id: string; exit_code: number | null; state: ChatSessionState }>(
      db,
      sql`select id, exit_code, state from live_sessions`,
    );
    const transfers = await queryRows<TransferRow>(
      db,
      sql`select t.reference->>'sessionId' as session_id, (t.reference->>'minuteIndex')::int as minute_index,
          (t.reference->>'partial')::boolean as partial, (-e.amount_cents)::int as cents
        from ledger_transfers t
        join ledger_entries e on e.transfer_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.kind = 'guest-wallet'
        where t.kind = 'chat' and t.idempotency_key like 'live:%'`,
    );
    const byKey = new Map<string, TransferRow[]>();
    for (const row of transfers) byKey.set(row.session_id, [...(byKey.get(row.session_id) ?? []), row]);
    const receiptRows = await queryRows<{ session_id: string; minute_index: number; cents: number }>(
      db,
      sql`select session_id, minute_index, cents from live_minutes where paid_with = 'coins'`,
    );
    const receipt = new Set(receiptRows.map((r) => `${r.session_id}:${r.minute_index}:${r.cents}`));
    const balances = new Map(
      (
        await queryRows<{ guest_id: number; cents: number }>(
          db,
          sql`select owner_guest_id::int as guest_id, balance_cents::int as cents from ledger_accounts where kind = 'guest-wallet'`,
        )
      ).map((r) => [r.guest_id, r.cents]),
    );
    const checks = {
      eachMinuteOnce: true,
      amountsAsRuled: true,
      walletsExact: true,
      receiptMatchesLedger: receiptRows.length === transfers.length,
      ledger: await ledgerInvariantsOf(db),
    };
    const fail = (check: keyof Omit<typeof checks, 'ledger'>, message: string) => {
      checks[check] = false;
      if (failures.length < 20) failures.push(message);
    };
    const ended = { exit100: 0, exit501: 0, other: 0, notEnded: 0 };
    for (const session of sessions) {
      const i = sessionOf.get(session.id) ?? -1;
      const price = priceOf(i);
      const topUp = topUps[i] ?? 0;
      const rows = (byKey.get(session.id) ?? []).sort((a, b) => a.minute_index - b.minute_index);
      const spent = rows.reduce((sum, r) => sum + r.cents, 0);
      if (session.exit_code === 100) ended.exit100 += 1;
      else if (session.exit_code === 501) ended.exit501 += 1;
      else if (session.exit_code === null) ended.notEnded += 1;
      else ended.other += 1;
      if (rows.some((r, index) => r.minute_index !== index))
        fail('eachMinuteOnce', `session ${i}: minutes ${rows.map((r) => r.minute_index).join(',')}`);
      for (const r of rows) {
        if (!receipt.has(`${session.id}:${r.minute_index}:${r.cents}`))
          fail('receiptMatchesLedger', `session ${i}: minute ${r.minute_index} not on the receipt`);
      }
      const whole = rows.filter((r) => !r.partial);
      if (whole.some((r) => r.cents !== price))
        fail('amountsAsRuled', `session ${i}: a whole minute not at ${price}`);
      const partial = rows.filter((r) => r.partial);
      if (partial.length > 1 || (partial.length === 1 && partial[0] !== rows.at(-1)))
        fail('eachMinuteOnce', `session ${i}: a partial minute that is not the last`);
      const balance = balances.get(guestIds[i] ?? 0) ?? Number.NaN;
      if (balance !== topUp - spent || balance < 0)
        fail('walletsExact', `session ${i}: balance ${balance}, top-up ${topUp}, spent ${spent}`);
      if (session.exit_code === 501) {
        // The money ran out: floor(top-up / price) whole minutes, the rest of the balance for the last.
        const expected = Math.floor(topUp / price) + (topUp % price > 0 ? 1 : 0);
        if (rows.length !== expected)
          fail('eachMinuteOnce', `session ${i} (501): ${rows.length} minutes, not ${expected}`);
        if (balance !== 0) fail('walletsExact', `session ${i} (501): ${balance} cents left`);
      } else if (session.exit_code === 100) {
        // The guest left after MINUTES and a bit: MINUTES whole ones, the delivered rest pro rata.
        const partialMs = session.state.deliveredMs - MINUTES * MINUTE_MS;
        const partialCents = Math.floor((price * partialMs) / MINUTE_MS);
        const expected = MINUTES + (partialCents > 0 ? 1 : 0);
        if (whole.length !== MINUTES || rows.length !== expected)
          fail('eachMinuteOnce', `session ${i} (100): ${whole.length} whole minutes of ${rows.length}`);
        if ((partial[0]?.cents ?? 0) !== partialCents)
          fail(
            'amountsAsRuled',
            `session ${i} (100): partial ${partial[0]?.cents} cents, not ${partialCents}`,
          );
      } else {
        fail('eachMinuteOnce', `session ${i}: ended with ${session.exit_code}`);
      }
    }
    if (sessions.length !== SESSIONS) failures.push(`${sessions.length} sessions of ${SESSIONS}`);

    // --- lags ---------------------------------------------------------------------------------------------
    const tickLags: number[] = [];
    const commitLags: number[] = [];
    for (const row of transfers) {
      const key = `live:${row.session_id}:${row.minute_index}`;
      const at = emitted.get(key);
      const up = mediaUpAt.get(row.session_id);
      if (at === undefined || up === undefined) continue;
      if (!row.partial) tickLags.push(at - (up + (row.minute_index + 1) * MINUTE_MS));
      const done = answered.get(key);
      if (done !== undefined) commitLags.push(done - at);
    }
    tickLags.sort((a, b) => a - b);
    commitLags.sort((a, b) => a - b);
    const wholeMinutes = transfers.filter((r) => !r.partial).length;
    return {
      sessions: SESSIONS,
      minuteMs: MINUTE_MS,
      minutes: MINUTES,
      poolSize: POOL,
      durationS: round(durationS, 1),
      ended,
      charges: {
        total: transfers.length,
        wholeMinutes,
        partial: transfers.length - wholeMinutes,
        perSecond: round(transfers.length / durationS, 1),
        reEmitted,
      },
      tickLagMs: { p50: percentile(tickLags, 50), p99: percentile(tickLags, 99), max: tickLags.at(-1) ?? 0 },
      chargeCommitMs: { p50: percentile(commitLags, 50), p99: percentile(commitLags, 99) },
      dbCommitsPerSecond: Math.round(commits / durationS),
      eventLoopDelayP99Ms: round(delay.percentile(99) / 1e6, 1),
      loadAverage: round(loadavg()[0] ?? 0, 1),
      checks,
      failures,
    };
  } finally {
    await database.close();
    await drop(name);
  }
}

export function printLiveBillingBench(r: LiveBillingBenchResult): void {
  const ok =
    r.checks.eachMinuteOnce &&
    r.checks.amountsAsRuled &&
    r.checks.walletsExact &&
    r.checks.receiptMatchesLedger &&
    Object.values(r.checks.ledger).every(Boolean);
  console.log(
    `live billing ${r.sessions} chats x ${r.minutes} minutes of ${r.minuteMs} ms (pool ${r.poolSize}) in ${r.durationS} s: ended 100 ${r.ended.exit100} / 501 ${r.ended.exit501} / other ${r.ended.other} / not ${r.ended.notEnded} | charges ${r.charges.total} (${r.charges.wholeMinutes} whole, ${r.charges.partial} partial) ${r.charges.perSecond}/s, re-emitted ${r.charges.reEmitted} | tick lag p50 ${r.tickLagMs.p50} ms p99 ${r.tickLagMs.p99} ms max ${r.tickLagMs.max} ms | charge commit p50 ${r.chargeCommitMs.p50} ms p99 ${r.chargeCommitMs.p99} ms | db commits ${r.dbCommitsPerSecond}/s | event loop delay p99 ${r.eventLoopDelayP99Ms} ms | load ${r.loadAverage} | checks ${ok ? 'ok' : JSON.stringify(r.checks)}`,
  );
  for (const failure of r.failures) console.log(`  ${failure}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLiveBillingBench();
  printLiveBillingBench(result);
  process.exit(0);
}
