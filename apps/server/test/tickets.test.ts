/**
 * Chat tickets for cam shows (issue 18 deliverable 1 and "Done when"; spec 3 chat ticket, spec 7
 * buyChatTicket / removeChatTicket / chat ticket list; decision 0049) through HTTP against a real
 * database (PGlite, or PostgreSQL when DATABASE_URL is set):
 * - one guest buying the same ticket 50 times in parallel is charged once; 200 guests buying in
 *   parallel are each charged once;
 * - a cancelled show refunds each ticket once (cancelled twice and concurrently), and disappears;
 * - a ticket returned before the start is refunded once, after the start the return is refused;
 * - too little money changes nothing; a visitor is refused; another guest's tickets stay invisible;
 * - after every step the ledger's invariants hold.
 */
import { randomBytes } from 'node:crypto';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { camShows, guestSessions, guests } from '@vela/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShowClock } from '../src/infra/clock.ts';
import { hashSessionToken, SESSION_COOKIE } from '../src/modules/guests/auth.ts';
import { performerToken } from '../src/modules/live/performer.routes.ts';
import { type Factories, factoriesOf } from './factories.ts';
import { nextIp, operatorOf } from './guest-helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const NET = '10.83';
const TOKEN = 'tickets-test-operator-token-abcdefgh';
const PERFORMER_SECRET = 'tickets-test-performer-secret-abcdefgh';
const PRICE = 1_500;
const HOUR = 3_600_000;

let t: TestApp;
let make: Factories;
let actor: { id: number; name: string };
let operator: ReturnType<typeof operatorOf>;
/** The show clock the app runs by (issue 18); a test moves it and moves it back. */
const showClock = createShowClock({ adjustable: true });

interface Guest {
  id: number;
  cookie: string;
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      INTERNAL_API_TOKEN: TOKEN,
      INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1',
      PERFORMER_API_SECRET: PERFORMER_SECRET,
    },
    showClock,
  });
  make = factoriesOf(t, { net: NET, operatorToken: TOKEN });
  operator = operatorOf(TOKEN);
  actor = await make.buildActor({ name: make.unique('Showgirl') });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** Guests made straight in the database (no password hashing: 200 signups would take minutes), with a session cookie, age-verified, topped up. */
async function guestsWith(count: number, balanceCents: number, avs: 'accepted' | 'unknown' = 'accepted') {
  const rows = await t.database.db
    .insert(guests)
    .values(
      Array.from({ length: count }, () => {
        const name = make.unique('T');
        return {
          screenName: name,
          email: `${name.toLowerCase()}@example.test`,
          passwordHash: 'x',
          avsStatus: avs,
        };
      }),
    )
    .returning({ id: guests.id });
  const made: Guest[] = [];
  for (const row of rows) {
    const token = randomBytes(24).toString('base64url');
    await t.database.db.insert(guestSessions).values({ guestId: row.id, tokenHash: hashSessionToken(token) });
    if (balanceCents > 0) await make.topUp(row, balanceCents);
    made.push({ id: row.id, cookie: `${SESSION_COOKIE}=${token}` });
  }
  return made;
}

async function show(overrides: Partial<typeof camShows.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(camShows)
    .values({
      actorId: actor.id,
      title: make.unique('Show'),
      description: 'Placeholder show',
      startsAt: new Date(Date.now() + HOUR),
      endsAt: new Date(Date.now() + 2 * HOUR),
      priceCents: PRICE,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('show not inserted');
  return row;
}

function rest(method: 'GET' | 'POST', url: string, who?: Guest | null, payload?: object) {
  return t.app.inject({
    method,
    url: `/rest/v1/${url}`,
    remoteAddress: nextIp(NET),
    ...(who ? { headers: { cookie: who.cookie } } : {}),
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
}

const buy = (showId: number, who: Guest | null, payload: object = {}) =>
  rest('POST', `chatTicket/${showId}/buy`, who, payload);

async function balanceOf(guestId: number): Promise<number> {
  const [row] = await queryRows<{ cents: string | number | null }>(
    t.database.db,
    sql`select balance_cents as cents from ledger_accounts where kind = 'guest-wallet' and owner_guest_id = ${guestId}`,
  );
  return Number(row?.cents ?? 0);
}

async function transfersOf(guestId: number, kind: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ledger_transfers where kind = ${kind} and (reference->>'guestId')::bigint = ${guestId}`,
  );
  return Number(row?.n ?? 0);
}

async function refundsOfGuest(guestId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ledger_transfers r where r.kind = 'refund' and (r.reference->>'refundOf')::bigint in
      (select id from ledger_transfers p where p.kind = 'ticket' and (p.reference->>'guestId')::bigint = ${guestId})`,
  );
  return Number(row?.n ?? 0);
}

async function ticketsOfShow(showId: number) {
  return queryRows<{ guest_id: string | number; status: string }>(
    t.database.db,
    sql`select guest_id, status from chat_tickets where show_id = ${showId} order by id`,
  );
}

describe('buying a chat ticket (spec 7 buyChatTicket; issue 18 "Done when")', () => {
  it('one guest buying the same ticket 50 times in parallel is charged once and holds one ticket', async () => {
    const [guest] = await guestsWith(1, 5 * PRICE);
    const s = await show();
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(s.id, guest!)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const fresh = answers.filter((a) => a.json().data.alreadyBought === false);
    expect(fresh).toHaveLength(1);
    expect(await balanceOf(guest!.id)).toBe(4 * PRICE);
    expect(await transfersOf(guest!.id, 'ticket')).toBe(1);
    expect(await ticketsOfShow(s.id)).toEqual([{ guest_id: expect.anything(), status: 'bought' }]);
    const data = answers[0]!.json().data;
    expect(data.show).toMatchObject({ id: s.id, isBought: true, canBuy: false, hasStarted: false });
    expect(data.guestBalanceCents).toBe(4 * PRICE);
    await expectLedgerInvariantsOf(t.database.db);
  }, 120_000);

  it('200 guests buying in parallel are each charged once', async () => {
    const crowd = await guestsWith(200, 2 * PRICE);
    const s = await show();
    const answers = await Promise.all(crowd.flatMap((g) => [buy(s.id, g), buy(s.id, g)]));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    for (const g of crowd) expect(await balanceOf(g.id)).toBe(PRICE);
    const [charged] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transfers where kind = 'ticket' and (reference->>'showId')::int = ${s.id}`,
    );
    expect(Number(charged?.n)).toBe(200);
    expect((await ticketsOfShow(s.id)).filter((r) => r.status === 'bought')).toHaveLength(200);
    await expectLedgerInvariantsOf(t.database.db);
  }, 300_000);

  it('too little money changes nothing: 402 NOT_ENOUGH_MONEY, no ticket, no transfer', async () => {
    const [guest] = await guestsWith(1, PRICE - 1);
    const s = await show();
    const answer = await buy(s.id, guest!);
    expect(answer.statusCode, answer.body).toBe(402);
    expect(answer.json().error.code).toBe('NOT_ENOUGH_MONEY');
    expect(await balanceOf(guest!.id)).toBe(PRICE - 1);
    expect(await ticketsOfShow(s.id)).toEqual([]);
    expect(await transfersOf(guest!.id, 'ticket')).toBe(0);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('refusals name their code and change nothing: visitor, age check, free, started, cancelled, unknown, mismatch, promo code, creation type', async () => {
    const [guest] = await guestsWith(1, 10 * PRICE);
    const [minor] = await guestsWith(1, 10 * PRICE, 'unknown');
    const s = await show();
    const free = await show({ priceCents: 0, isFree: true });
    const started = await show({ startsAt: new Date(Date.now() - 60_000) });
    const cancelled = await show({ cancelledAt: new Date() });
    const internal = await show({ isInternal: true });
    const cases: [Promise<{ statusCode: number; json(): { error: { code: string } } }>, number, string][] = [
      [buy(s.id, null), 401, 'NOT_LOGGED_IN'],
      [buy(s.id, minor!), 403, 'RESTRICTED'],
      [buy(free.id, guest!), 409, 'TICKET_SHOW_FREE'],
      [buy(started.id, guest!), 409, 'TICKET_SALES_CLOSED'],
      [buy(cancelled.id, guest!), 409, 'TICKET_SHOW_CANCELLED'],
      [buy(internal.id, guest!), 404, 'TICKET_SHOW_NOT_FOUND'],
      [buy(2 ** 31 - 1, guest!), 404, 'TICKET_SHOW_NOT_FOUND'],
      [buy(s.id, guest!, { modelId: actor.id + 1 }), 400, 'TICKET_SHOW_MISMATCH'],
      [
        buy(s.id, guest!, { start: new Date(s.startsAt.getTime() + 1000).toISOString() }),
        400,
        'TICKET_SHOW_MISMATCH',
      ],
      [buy(s.id, guest!, { promoCode: 'SHOW50' }), 400, 'TICKET_PROMO_CODE_INVALID'],
      [buy(s.id, guest!, { creationType: 'X' }), 400, 'VALIDATION_ERROR'],
      [buy(s.id, guest!, { promoCode: 'a\u0000b' }), 400, 'INVALID_CHARACTERS'],
      [buy(s.id, guest!, { promoCode: 'x'.repeat(65) }), 400, 'VALIDATION_ERROR'],
      [rest('POST', 'chatTicket/abc/buy', guest!), 400, 'VALIDATION_ERROR'],
    ];
    for (const [pending, status, code] of cases) {
      const answer = await pending;
      expect(answer.statusCode, `${code}: ${JSON.stringify(answer.json())}`).toBe(status);
      expect(answer.json().error.code).toBe(code);
    }
    expect(await balanceOf(guest!.id)).toBe(10 * PRICE);
    expect(await balanceOf(minor!.id)).toBe(10 * PRICE);
    const ok = await buy(s.id, guest!, {
      modelId: actor.id,
      start: s.startsAt.toISOString(),
      creationType: 'C',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.ticket).toMatchObject({ status: 'bought', creationType: 'C', priceCents: PRICE });
    await expectLedgerInvariantsOf(t.database.db);
  });
});

describe('returning a ticket (spec 7 removeChatTicket)', () => {
  it('before the start: refunded once, however often and in parallel it is asked; then it can be bought again and charged again', async () => {
    const [guest] = await guestsWith(1, 3 * PRICE);
    const s = await show();
    expect((await buy(s.id, guest!)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rest('POST', `chatTicket/${s.id}/remove`, guest!)),
    );
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json().error.code));
    expect(codes.filter((c) => c === 'ok').length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 'ok' || c === 'TICKET_NOT_FOUND')).toBe(true);
    expect(await balanceOf(guest!.id)).toBe(3 * PRICE);
    expect(await refundsOfGuest(guest!.id)).toBe(1);
    expect((await ticketsOfShow(s.id)).map((r) => r.status)).toEqual(['removed']);
    // Bought again: a new charge under a new key, refunded again on the next return.
    const again = await buy(s.id, guest!);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.alreadyBought).toBe(false);
    expect(await balanceOf(guest!.id)).toBe(2 * PRICE);
    expect((await rest('POST', `chatTicket/${s.id}/remove`, guest!)).statusCode).toBe(200);
    expect(await balanceOf(guest!.id)).toBe(3 * PRICE);
    expect(await refundsOfGuest(guest!.id)).toBe(2);
    await expectLedgerInvariantsOf(t.database.db);
  });

  it('after the start the return is refused (409 TICKET_NOT_RETURNABLE) and the ticket stays', async () => {
    const [guest] = await guestsWith(1, 2 * PRICE);
    const s = await show();
    expect((await buy(s.id, guest!)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update cam_shows set starts_at = now() - interval '1 minute' where id = ${s.id}`,
    );
    const answer = await rest('POST', `chatTicket/${s.id}/remove`, guest!);
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().error.code).toBe('TICKET_NOT_RETURNABLE');
    expect(await balanceOf(guest!.id)).toBe(PRICE);
    expect((await ticketsOfShow(s.id)).map((r) => r.status)).toEqual(['bought']);
    const none = await rest('POST', `chatTicket/${s.id}/remove`, (await guestsWith(1, 0))[0]!);
    expect(none.json().error.code).toBe('TICKET_NOT_FOUND');
  });
});

describe('the show clock decides when sales and returns close', () => {
  it('two hours later by the show clock a show starting in one hour sells no ticket and takes none back', async () => {
    const [guest, late] = await guestsWith(2, 2 * PRICE);
    const s = await show();
    expect((await buy(s.id, guest!)).statusCode).toBe(200);
    showClock.shift(2 * HOUR);
    try {
      const back = await rest('POST', `chatTicket/${s.id}/remove`, guest!);
      expect(back.json().error.code).toBe('TICKET_NOT_RETURNABLE');
      const sold = await buy(s.id, late!);
      expect(sold.json().error.code).toBe('TICKET_SALES_CLOSED');
      const listed = await rest('GET', 'guest/chatTickets', guest!);
      expect(listed.json().data.tickets[0].show).toMatchObject({
        hasStarted: true,
        canBuy: false,
        isBought: true,
      });
    } finally {
      showClock.shift(-2 * HOUR);
    }
    expect(await balanceOf(late!.id)).toBe(2 * PRICE);
    expect(await balanceOf(guest!.id)).toBe(PRICE);
  });
});

describe('cancelling a show refunds each ticket once (issue 18 "Done when")', () => {
  it('operator and performer cancel twice and concurrently: every ticket refunded exactly once, the show leaves the listings and cannot be bought', async () => {
    const crowd = await guestsWith(12, 2 * PRICE);
    const s = await show();
    for (const g of crowd) expect((await buy(s.id, g)).statusCode).toBe(200);
    const performer = (path: string) =>
      t.app.inject({
        method: 'POST',
        url: `/rest/v1/${path}`,
        headers: { 'x-performer-token': performerToken(PERFORMER_SECRET, actor.id) },
        payload: {},
      });
    const answers = await Promise.all([
      operator(t.app, 'POST', `camShows/${s.id}/cancel`, {}),
      operator(t.app, 'POST', `camShows/${s.id}/cancel`, {}),
      performer(`performer/camShows/${s.id}/cancel`),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(answers.reduce((sum, a) => sum + a.json().data.refunded, 0)).toBe(12);
    const later = await operator(t.app, 'POST', `camShows/${s.id}/cancel`, {});
    expect(later.json().data.refunded).toBe(0);
    for (const g of crowd) {
      expect(await balanceOf(g.id)).toBe(2 * PRICE);
      expect(await refundsOfGuest(g.id)).toBe(1);
    }
    expect((await ticketsOfShow(s.id)).every((r) => r.status === 'refunded')).toBe(true);
    const again = await buy(s.id, crowd[0]!);
    expect(again.json().error.code).toBe('TICKET_SHOW_CANCELLED');
    const listed = await rest('GET', 'guest/chatTickets', crowd[0]!);
    expect(listed.json().data.tickets[0]).toMatchObject({
      ticket: { status: 'refunded' },
      show: { id: s.id, isCancelled: true, isBought: false, canBuy: false },
    });
    const [visible] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from cam_shows where id = ${s.id} and cancelled_at is null`,
    );
    expect(Number(visible?.n)).toBe(0);
    await expectLedgerInvariantsOf(t.database.db);
  }, 120_000);

  it("a performer cannot cancel another performer's show (404), a call without token is 401", async () => {
    const other = await make.buildActor({ name: make.unique('Other') });
    const s = await show();
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/rest/v1/performer/camShows/${s.id}/cancel`,
      headers: { 'x-performer-token': performerToken(PERFORMER_SECRET, other.id) },
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('TICKET_SHOW_NOT_FOUND');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/rest/v1/performer/camShows/${s.id}/cancel`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the chat ticket list (spec 3 chat ticket fields; spec 6 own data only)', () => {
  it("lists the caller's tickets only; a visitor is refused; the query language answers the same with errorCode", async () => {
    const [alice, bob] = await guestsWith(2, 3 * PRICE);
    const s = await show();
    expect((await buy(s.id, alice!)).statusCode).toBe(200);
    const mine = await rest('GET', 'guest/chatTickets', alice!);
    expect(mine.json().data.tickets).toHaveLength(1);
    expect(mine.json().data.tickets[0].show).toMatchObject({
      id: s.id,
      actorId: actor.id,
      actorName: actor.name,
      price: { value: PRICE, currency: 'EUR' },
      isBought: true,
      isFree: false,
      canBuy: false,
      hasStarted: false,
      isFeatured: false,
      isInternal: false,
      bonusCode: null,
    });
    expect((await rest('GET', 'guest/chatTickets', bob!)).json().data.tickets).toEqual([]);
    const visitor = await rest('GET', 'guest/chatTickets', null);
    expect(visitor.statusCode).toBe(401);

    // The query language wants the access token (spec 8 Missing Vxql-Token): a signed-up guest has one.
    const carol = await make.buildGuest({ balanceCents: 3 * PRICE });
    await t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${carol.id}`);
    const gql = (who: { accessToken: string } | null, query: string, variables: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          ...(who ? { authorization: `Bearer ${who.accessToken}` } : {}),
        },
        payload: JSON.stringify({ query, variables }),
        remoteAddress: nextIp(NET),
      });
    const BUY = `mutation($id: ID!, $modelId: ID, $start: String) { buyChatTicket(id: $id, modelId: $modelId, start: $start, creationType: "C") { success errorCode alreadyBought ticket { status creationType } show { id isBought } } }`;
    const bought = await gql(carol, BUY, {
      id: String(s.id),
      modelId: String(actor.id),
      start: s.startsAt.toISOString(),
    });
    expect(bought.json().data.buyChatTicket).toMatchObject({
      success: true,
      errorCode: null,
      alreadyBought: false,
      ticket: { status: 'bought', creationType: 'C' },
      show: { id: String(s.id), isBought: true },
    });
    const mismatch = await gql(carol, BUY, { id: String(s.id), modelId: String(actor.id + 1) });
    expect(mismatch.json().data.buyChatTicket).toMatchObject({
      success: false,
      errorCode: 'TICKET_SHOW_MISMATCH',
    });
    const list = await gql(carol, '{ chatTicketList { ticket { status } show { id actorName } } }');
    expect(list.json().data.chatTicketList).toEqual([
      { ticket: { status: 'bought' }, show: { id: String(s.id), actorName: actor.name } },
    ]);
    const anonymous = await gql(null, BUY, { id: String(s.id) });
    expect(anonymous.json().errors?.length ?? 0).toBeGreaterThan(0);
    const removed = await gql(
      carol,
      `mutation { removeChatTicket(id: "${s.id}") { success errorCode ticket { status } } }`,
    );
    expect(removed.json().data?.removeChatTicket, removed.body).toMatchObject({
      success: true,
      ticket: { status: 'removed' },
    });
    expect(await balanceOf(carol.id)).toBe(3 * PRICE);
    await expectLedgerInvariantsOf(t.database.db);
  });
});
