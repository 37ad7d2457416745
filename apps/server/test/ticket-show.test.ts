/**
 * Ticket shows, the show side (issue 18; spec 3 chat ticket / show, spec 7
 * `privateTicketShowInvitation`, spec 8 908): the whole app on a test database with a recording media
 * double, the real performer API and a show clock the test moves (infra/clock.ts) — no real minute is
 * waited for. Tickets are the tickets module's rows (`chat_tickets`, status bought / refunded); the
 * show job runs every 50 ms.
 */
import { randomUUID } from 'node:crypto';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShowClock } from '../src/infra/clock.ts';
import { publishToGuest } from '../src/infra/publish-to-guest.ts';
import type { Factories } from './factories.ts';
import type { SignedUp } from './guest-helpers.ts';
import { expectLedgerInvariantsOf } from './ledger-invariants.ts';
import { liveKit } from './live-kit.ts';
import { recordingMedia } from './live-media-double.ts';
import type { TestSocket } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';

const SECRET = 'ticket-show-test-secret-0123456789abcdef';
const NET = '10.131';
const MINUTE = 1000;
const media = recordingMedia();
const clock = createShowClock({ adjustable: true });
const t = testAppPerSuite({
  env: { LIVE_MINUTE_MS: String(MINUTE), PERFORMER_API_SECRET: SECRET, SHOW_JOB_MS: '50' },
  liveMedia: media,
  showClock: clock,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ticket shows: show clock, admission, 908, the end, invitations (issue 18)', () => {
  const kit = liveKit(t, { net: NET, performerSecret: SECRET });
  const { guestWith, start, performer, pageOf, send } = kit;
  let make: Factories;
  beforeAll(() => {
    make = kit.make();
  });
  afterAll(() => {
    media.calls.length = 0;
  });

  const actorOnline = () =>
    make.buildActor({ isOnline: true, priceSingleCents: 120, multiChatPriceCents: 100 });

  /** The performer schedules a show through the performer API, starting `inMs` from now (show clock). */
  async function schedule(actorId: number, inMs: number, lengthMs = 60 * 60 * 1000) {
    const startsAt = new Date(clock.now() + inMs);
    const response = await performer(actorId, 'shows', {
      title: 'Evening show',
      description: 'A test show',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + lengthMs).toISOString(),
      priceCents: 500,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: number; startsAt: string; endsAt: string };
  }

  /** A ticket of the tickets module (its row; the purchase itself is tickets.test.ts's). */
  async function ticket(guestId: number, showId: number, status: 'bought' | 'refunded' = 'bought') {
    await t.database.db.execute(sql`insert into chat_tickets (guest_id, show_id, status, price_cents, refunded_at)
      values (${guestId}, ${showId}, ${status}, 500, ${status === 'bought' ? null : new Date()})`);
  }

  const sessionRow = async (sessionId: string) =>
    (
      await queryRows<{ status: string; exit_code: number | null; type: string }>(
        t.database.db,
        sql`select status, exit_code, type from live_sessions where id = ${sessionId}`,
      )
    )[0];

  /** Waits until the session row has ended (the show job runs every 50 ms). */
  async function endedRow(sessionId: string) {
    for (let i = 0; i < 100; i++) {
      const row = await sessionRow(sessionId);
      if (row?.status === 'ended') return row;
      await sleep(50);
    }
    throw new Error(`session ${sessionId} did not end`);
  }

  /** Spec 3 `isCurrentlyTicketShow` of the actor state, once it equals `expected` (the job syncs it). */
  async function ticketShowFlag(actorId: number, expected: boolean) {
    let flag: boolean | undefined;
    for (let i = 0; i < 100 && flag !== expected; i++) {
      if (i > 0) await sleep(50);
      const state = await kit.rest(null, 'GET', `actor/getActorStateById/${actorId}`);
      flag = state.json().data.isCurrentlyTicketShow as boolean;
    }
    return flag;
  }

  /** Moves the show clock to just after the show's start. */
  const toStartOf = (show: { startsAt: string }) => clock.shift(Date.parse(show.startsAt) - clock.now() + 10);

  /** A holder's page joins the running show: the start answers, the offer is shown, media flows. */
  async function joinShow(guest: SignedUp, actorId: number, page: TestSocket) {
    const started = await start(guest, actorId, 'ticket-show');
    expect(started.statusCode).toBe(200);
    const sessionId = started.json().data.sessionId as string;
    await kit.answerAndShow(page, guest, sessionId, media);
    return sessionId;
  }

  it('before the start a holder is refused 409 SHOW_NOT_STARTED (with the show); a performer without a show 409 SHOW_NOT_RUNNING', async () => {
    const actor = await actorOnline();
    const holder = await guestWith(1000);
    const show = await schedule(actor.id, 60_000);
    await ticket(holder.id, show.id);
    const early = await start(holder, actor.id, 'ticket-show');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      code: 'SHOW_NOT_STARTED',
      show: { id: show.id, title: 'Evening show' },
    });
    const none = await start(holder, (await actorOnline()).id, 'ticket-show');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('SHOW_NOT_RUNNING');
    expect(
      (await queryRows(t.database.db, sql`select 1 from live_sessions where guest_id = ${holder.id}`)).length,
    ).toBe(0);
  });

  it('at the start (show clock) a holder is admitted, priced 0, media through the same viewer path; a non-holder and a refunded ticket are refused 403 TICKET_REQUIRED with the show and its price', async () => {
    const actor = await actorOnline();
    const holder = await guestWith(1000);
    const refunded = await guestWith(1000);
    const other = await guestWith(1000);
    const show = await schedule(actor.id, 60_000);
    await ticket(holder.id, show.id);
    await ticket(refunded.id, show.id, 'refunded');
    toStartOf(show);

    const page = await pageOf(holder);
    const started = await start(holder, actor.id, 'ticket-show');
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ type: 'ticket-show', pricePerMinute: { value: 0 } });
    const sessionId = started.json().data.sessionId as string;
    const offer = await kit.answerAndShow(page, holder, sessionId, media);
    expect(offer.sessionId).toBe(sessionId);
    expect((await page.next('liveState')).status).toBe('running');

    for (const guest of [other, refunded]) {
      const refused = await start(guest, actor.id, 'ticket-show');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'TICKET_REQUIRED',
        show: { id: show.id, price: { value: expect.any(Number), currency: 'VXC' } },
      });
    }
    // The live-show tab's state: the holder may join, the other needs a ticket, a visitor too.
    const stateOf = (guest: SignedUp | null) => kit.rest(guest, 'GET', `live/actors/${actor.id}/show`);
    expect((await stateOf(holder)).json().data.running).toMatchObject({
      show: { id: show.id },
      hasTicket: true,
    });
    expect((await stateOf(other)).json().data.running).toMatchObject({
      show: { id: show.id },
      hasTicket: false,
    });
    expect((await stateOf(null)).json().data.running.hasTicket).toBe(false);
    expect((await kit.rest(null, 'GET', 'live/actors/abc/show')).statusCode).toBe(400);
    // Nobody else starts a livechat with the performer during the show: 409 SHOW_RUNNING, 908.
    const chat = await start(other, actor.id, 'livechat');
    expect(chat.statusCode).toBe(409);
    expect(chat.json().error).toMatchObject({ code: 'SHOW_RUNNING', exitCode: 908 });
    await send(page, holder, { type: 'liveExit', sessionId });
    expect((await endedRow(sessionId)).exit_code).toBe(100);
  });

  it('spec 8 908: a guest in a livechat with the performer is ended with 908 at the show start; the whole minutes stay charged, the current minute is not (a performer-side end); spec 3 isCurrentlyTicketShow turns true; a holder on the profile gets ticketShowStarted', async () => {
    const actor = await actorOnline();
    const chatter = await guestWith(1000);
    const holder = await guestWith(1000);
    const show = await schedule(actor.id, 60_000);
    await ticket(holder.id, show.id);
    const holderPage = await pageOf(holder);

    const page = await pageOf(chatter);
    const started = await start(chatter, actor.id, 'livechat');
    expect(started.statusCode).toBe(200);
    const sessionId = started.json().data.sessionId as string;
    expect((await performer(actor.id, `sessions/${sessionId}/accept`)).statusCode).toBe(200);
    await kit.answerAndShow(page, chatter, sessionId, media);
    await page.next('liveMeter', 5000); // one whole minute charged (1 s)
    toStartOf(show);
    expect((await page.next('liveEnded', 5000)).exitCode).toBe(908);
    expect((await endedRow(sessionId)).exit_code).toBe(908);
    const charges = await queryRows<{ n: number; cents: number }>(
      t.database.db,
      sql`select count(*)::int as n, coalesce(sum(-e.amount_cents), 0)::int as cents from ledger_transfers tr
        join ledger_entries e on e.transfer_id = tr.id
        join ledger_accounts a on a.id = e.account_id and a.kind = 'guest-wallet'
        where tr.idempotency_key like ${`live:${sessionId}:%`}`,
    );
    // Only whole minutes: every charge is the full price (no pro-rata part of the current minute).
    expect(charges[0]?.n).toBeGreaterThanOrEqual(1);
    expect(charges[0]?.cents).toBe(120 * (charges[0]?.n ?? 0));
    expect(await ticketShowFlag(actor.id, true)).toBe(true);
    const notice = await holderPage.next('ticketShowStarted', 5000);
    expect(notice).toMatchObject({ actorId: actor.id, showId: show.id, title: 'Evening show' });
    await expectLedgerInvariantsOf(t.database.db);
  });

  it("the show's end ends its sessions with 202 (stop send) and clears isCurrentlyTicketShow; a cancelled show admits nobody and ends its running sessions", async () => {
    const actor = await actorOnline();
    const holder = await guestWith(1000);
    const show = await schedule(actor.id, 60_000, 2 * 60_000);
    await ticket(holder.id, show.id);
    toStartOf(show);
    const page = await pageOf(holder);
    const sessionId = await joinShow(holder, actor.id, page);
    clock.shift(2 * 60_000);
    expect((await page.next('liveEnded', 5000)).exitCode).toBe(202);
    expect((await endedRow(sessionId)).exit_code).toBe(202);
    expect(await ticketShowFlag(actor.id, false)).toBe(false);

    const second = await schedule(actor.id, 60_000);
    await ticket(holder.id, second.id);
    toStartOf(second);
    const secondSession = await joinShow(holder, actor.id, page);
    await t.database.db.execute(sql`update cam_shows set cancelled_at = now() where id = ${second.id}`);
    expect((await endedRow(secondSession)).exit_code).toBe(202);
    const again = await start(holder, actor.id, 'ticket-show');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SHOW_NOT_RUNNING');
  });

  it('privateTicketShowInvitation reaches every open page of the invited guest and no other guest; only a holder (or a guest in a chat with the performer) may be invited', async () => {
    const actor = await actorOnline();
    const holder = await guestWith(1000);
    const stranger = await guestWith(1000);
    const show = await schedule(actor.id, 60_000);
    await ticket(holder.id, show.id);
    const [first, second, strangerPage] = [
      await pageOf(holder),
      await pageOf(holder),
      await pageOf(stranger),
    ];

    const invited = await performer(actor.id, 'invitations', { guestId: holder.id });
    expect(invited.statusCode).toBe(200);
    for (const page of [first, second]) {
      const invitation = await page.next('privateTicketShowInvitation');
      expect(invitation).toMatchObject({ actorId: actor.id, actorName: expect.any(String) });
      expect(invitation.actorProfilePictureUrl).toMatch(/^\/media\/w320\/.+\.webp$/);
    }
    const refused = await performer(actor.id, 'invitations', { guestId: stranger.id });
    expect(refused.statusCode).toBe(404);
    const proof = async () => {
      await publishToGuest(t.bus, stranger.id, { type: 'pageReload' });
      await strangerPage.next('pageReload');
    };
    expect(await strangerPage.none('privateTicketShowInvitation', proof)).toBe(true);
    // Malformed input: 400, nothing sent.
    expect((await performer(actor.id, 'invitations', { guestId: 'x' })).statusCode).toBe(400);
    expect(
      (
        await performer(actor.id, 'shows', {
          title: 'x\u0000',
          startsAt: 'soon',
          endsAt: 'later',
          priceCents: -1,
        })
      ).statusCode,
    ).toBe(400);
    const unique = randomUUID();
    expect(
      (
        await performer(actor.id, 'shows', {
          title: unique,
          startsAt: new Date(clock.now() + 10_000).toISOString(),
          endsAt: new Date(clock.now() + 5_000).toISOString(),
          priceCents: 100,
        })
      ).statusCode,
    ).toBe(400);
  });
});
