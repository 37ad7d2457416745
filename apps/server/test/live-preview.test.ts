/**
 * Live previews and free chat (issue 16, decision 0038 part 9; spec 1 chat types, 3 "free chat
 * durations", 6 "live preview limit 5 units (20 VIP)", 7 free chat duration and free preview
 * init/decline, 8 the live-preview exit codes and 503). The whole app on a test database with a
 * recording LiveMedia double (the test reports delivery as the media path would) and the performer
 * API. The unit and the free time are real settings: LIVE_PREVIEW_UNIT_MS = 1 s,
 * LIVE_FREE_CHAT_MS_PER_DAY = 1.5 s.
 */
import { randomUUID } from 'node:crypto';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { DEFAULT_CHAT_SESSION_SETTINGS } from '@vela/domain/chat-session';
import { describe, expect, it } from 'vitest';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import type { Factories } from './factories.ts';
import type { SignedUp } from './guest-helpers.ts';
import { liveKit } from './live-kit.ts';
import { recordingMedia } from './live-media-double.ts';
import { liveNodeOn, tickAt } from './live-node.ts';
import type { TestSocket } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';

const SECRET = 'preview-test-secret-0123456789abcdef0';
const NET = '10.119';
const UNIT_MS = 1000;
const FREE_MS = 1500;
const media = recordingMedia();
const t = testAppPerSuite({
  env: {
    LIVE_MINUTE_MS: '1000',
    LIVE_PREVIEW_UNIT_MS: String(UNIT_MS),
    LIVE_FREE_CHAT_MS_PER_DAY: String(FREE_MS),
    PERFORMER_API_SECRET: SECRET,
  },
  liveMedia: media,
  offeredSubscriptions: ['vip'],
});

const countOf = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(t.database.db, query))[0]?.n ?? 0);

describe('live previews and free chat (decision 0038 part 9)', () => {
  const { make, guestWith, rest, start, startFrom, performer, pageOf, answerAndShow, gql } = liveKit(t, {
    net: NET,
    performerSecret: SECRET,
  });

  const previewActor = (overrides: Parameters<Factories['buildActor']>[0] = {}) =>
    make().buildActor({ isOnline: true, isLivePreviewEnabled: true, priceSingleCents: 100, ...overrides });
  const freeChatActor = (overrides: Parameters<Factories['buildActor']>[0] = {}) =>
    make().buildActor({ isOnline: true, freeChat: true, priceSingleCents: 100, ...overrides });

  /** The page answers the offer and shows the first frame; the media path reports delivery: running. */
  async function mediaUp(page: TestSocket, guest: SignedUp, sessionId: string) {
    await answerAndShow(page, guest, sessionId, media);
    let state = await page.next('liveState');
    while (state.status !== 'running') state = await page.next('liveState');
  }

  /** A preview whose first frame arrived, ended by the guest at once: one unit used. */
  async function look(guest: SignedUp, page: TestSocket, actorId: number) {
    const started = await start(guest, actorId, 'live-preview');
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId } = started.json().data;
    await mediaUp(page, guest, sessionId);
    const exit = await rest(guest, 'POST', `live/sessions/${sessionId}/exit`, {});
    expect(exit.json().data).toMatchObject({ status: 'ended', exitCode: 100 });
    await page.next('liveEnded');
    return sessionId as string;
  }

  const unitsOf = (guestId: number) =>
    countOf(sql`select count(*)::int as n from live_preview_units where guest_id = ${guestId}`);
  const transfersOf = (sessionId: string) =>
    countOf(
      sql`select count(*)::int as n from ledger_transfers where idempotency_key like ${`live:${sessionId}:%`}`,
    );
  const balanceOf = (guestId: number) => createWalletService({ db: t.database.db }).guestBalance(guestId);

  it('a preview starts without the performer, uses one unit when its first frame arrives and ends with 401 when the unit (LIVE_PREVIEW_UNIT_MS) is used up; it never moves money', async () => {
    const actor = await previewActor();
    const guest = await guestWith(0);
    const page = await pageOf(guest);
    const started = await start(guest, actor.id, 'live-preview');
    expect(started.statusCode, started.body).toBe(200);
    const answer = started.json().data;
    expect(answer).toMatchObject({
      type: 'live-preview',
      status: 'starting',
      pricePerMinute: { value: 0, currency: 'VXC' },
      allowanceMs: UNIT_MS,
    });
    expect(await unitsOf(guest.id)).toBe(0);
    await mediaUp(page, guest, answer.sessionId);
    expect(await unitsOf(guest.id)).toBe(1);
    const ended = await page.next('liveEnded', 5000);
    expect(ended).toMatchObject({ sessionId: answer.sessionId, exitCode: 401 });
    expect(await transfersOf(answer.sessionId)).toBe(0);
    expect(await balanceOf(guest.id)).toBe(0);
    expect(await unitsOf(guest.id)).toBe(1);
  });

  it('a preview that never showed a frame uses no unit', async () => {
    const actor = await previewActor();
    const guest = await guestWith(0);
    const started = await start(guest, actor.id, 'live-preview');
    const { sessionId } = started.json().data;
    const exit = await rest(guest, 'POST', `live/sessions/${sessionId}/exit`, {});
    expect(exit.json().data.exitCode).toBe(100);
    expect(await unitsOf(guest.id)).toBe(0);
    const offers = await rest(guest, 'GET', `live/offers/${actor.id}`);
    expect(offers.json().data.preview.allowance).toMatchObject({ unitsUsed: 0, unitsLeft: 5, unitsLimit: 5 });
  });

  it('a guest gets 5 preview units an hour: a sixth preview in an hour is refused with 429 PREVIEW_LIMIT and exit code 402, and stores nothing', async () => {
    const actor = await previewActor();
    const guest = await guestWith(0);
    const page = await pageOf(guest);
    for (let i = 0; i < 5; i += 1) await look(guest, page, actor.id);
    expect(await unitsOf(guest.id)).toBe(5);
    const sessions = () =>
      countOf(sql`select count(*)::int as n from live_sessions where guest_id = ${guest.id}`);
    const before = await sessions();
    const sixth = await start(guest, actor.id, 'live-preview');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatchObject({ code: 'PREVIEW_LIMIT', exitCode: 402, modal: null });
    expect(await sessions()).toBe(before);
    const offers = (await rest(guest, 'GET', `live/offers/${actor.id}`)).json().data;
    expect(offers.preview.allowance).toMatchObject({ unitsLimit: 5, unitsUsed: 5, unitsLeft: 0 });
    expect(offers.preview.refusal).toEqual({ code: 'PREVIEW_LIMIT', exitCode: 402 });
    expect(Date.parse(offers.preview.allowance.nextUnitAt)).toBeGreaterThan(Date.now() + 59 * 60_000);
    // A unit older than an hour is free again (the window rolls).
    await t.database.db.execute(
      sql`update live_preview_units set used_at = now() - interval '61 minutes' where session_id = (
        select session_id from live_preview_units where guest_id = ${guest.id} order by used_at limit 1)`,
    );
    expect((await start(guest, actor.id, 'live-preview')).statusCode).toBe(200);
  });

  it('a VIP gets 20 preview units (the subscriptions module says who is VIP): the 21st is refused with 402', async () => {
    const actor = await previewActor();
    const guest = await guestWith(10_000);
    const subscribed = await rest(guest, 'POST', 'subscriptions/subscribe', {
      product: 'vip',
      idempotencyKey: randomUUID(),
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const offers = (await rest(guest, 'GET', `live/offers/${actor.id}`)).json().data;
    expect(offers.preview.allowance).toMatchObject({ unitsLimit: 20, unitsLeft: 20 });
    const page = await pageOf(guest);
    for (let i = 0; i < 20; i += 1) await look(guest, page, actor.id);
    const extra = await start(guest, actor.id, 'live-preview');
    expect(extra.statusCode).toBe(429);
    expect(extra.json().error).toMatchObject({ code: 'PREVIEW_LIMIT', exitCode: 402 });
  }, 60_000);

  it('preview start refusals report the live-preview codes: offline 498, disabled 407, no age check 405, banned country 406, performer in a single chat 404; one preview at a time', async () => {
    const guest = await guestWith(1000);
    const offline = await start(guest, (await previewActor({ isOnline: false })).id, 'live-preview');
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toMatchObject({ code: 'PERFORMER_OFFLINE', exitCode: 498 });

    const disabled = await start(
      guest,
      (await previewActor({ isLivePreviewEnabled: false })).id,
      'live-preview',
    );
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().error).toMatchObject({ code: 'CHAT_TYPE_NOT_OFFERED', exitCode: 407 });

    const actor = await previewActor({ bannedCountryCodes: ['DE'] });
    const unchecked = await start(await guestWith(1000, false), actor.id, 'live-preview');
    expect(unchecked.statusCode).toBe(403);
    expect(unchecked.json().error).toMatchObject({ code: 'RESTRICTED', exitCode: 405 });

    const banned = await startFrom('DE', guest, actor.id, 'live-preview');
    expect(banned.statusCode).toBe(403);
    expect(banned.json().error).toMatchObject({ code: 'ACTOR_BLOCKED_IN_COUNTRY', exitCode: 406 });

    // Another guest's livechat makes the performer single.
    const busy = await previewActor();
    expect((await start(await guestWith(1000), busy.id, 'livechat')).statusCode).toBe(200);
    const single = await start(guest, busy.id, 'live-preview');
    expect(single.statusCode).toBe(409);
    expect(single.json().error).toMatchObject({ code: 'PERFORMER_IN_SINGLE', exitCode: 404 });

    const open = await start(guest, actor.id, 'live-preview');
    expect(open.statusCode).toBe(200);
    const second = await start(guest, (await previewActor()).id, 'live-preview');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('GUEST_IN_CHAT');
    await rest(guest, 'POST', `live/sessions/${open.json().data.sessionId}/exit`, {});
  });

  it('a running preview ends with 403 when the performer goes offline', async () => {
    const actor = await previewActor();
    const guest = await guestWith(0);
    const page = await pageOf(guest);
    const started = await start(guest, actor.id, 'live-preview');
    const { sessionId } = started.json().data;
    await mediaUp(page, guest, sessionId);
    expect((await performer(actor.id, 'presence', { online: false })).statusCode).toBe(200);
    expect(await page.next('liveEnded')).toMatchObject({ sessionId, exitCode: 403 });
  });

  it('free chat ends with 503 when the free time is used up, and free chat never moves money; the next free chat that day is refused with FREE_CHAT_USED_UP (503)', async () => {
    const actor = await freeChatActor();
    const guest = await guestWith(500);
    const page = await pageOf(guest);
    const started = await start(guest, actor.id, 'free-chat');
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId } = started.json().data;
    expect(started.json().data).toMatchObject({
      type: 'free-chat',
      status: 'requested',
      pricePerMinute: { value: 0, currency: 'VXC' },
      allowanceMs: FREE_MS,
    });
    expect((await performer(actor.id, `sessions/${sessionId}/accept`)).statusCode).toBe(200);
    await mediaUp(page, guest, sessionId);
    expect(await page.next('liveEnded', 6000)).toMatchObject({ sessionId, exitCode: 503 });
    const chatEnd = await page.next('chatEnd');
    expect(chatEnd).toMatchObject({ chatId: sessionId, price: { value: 0, currency: 'VXC' } });
    expect(await transfersOf(sessionId)).toBe(0);
    expect(await balanceOf(guest.id)).toBe(500);
    const used = await queryRows<{ ms: number }>(
      t.database.db,
      sql`select ms from live_free_chat_uses where session_id = ${sessionId}`,
    );
    expect(used[0]?.ms).toBe(FREE_MS);

    const again = await start(guest, actor.id, 'free-chat');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'FREE_CHAT_USED_UP', exitCode: 503 });
    const read = await gql(guest, '{ freeChatDuration { msLeft msPerDay renewsAt } }');
    expect(read.json().data.freeChatDuration).toMatchObject({ msLeft: 0, msPerDay: FREE_MS });
  });

  it('free chat time counts only delivered media: a free chat the guest leaves early keeps the rest of the day', async () => {
    const actor = await freeChatActor();
    const guest = await guestWith(0);
    const page = await pageOf(guest);
    const started = await start(guest, actor.id, 'free-chat');
    const { sessionId } = started.json().data;
    await performer(actor.id, `sessions/${sessionId}/accept`);
    await mediaUp(page, guest, sessionId);
    await rest(guest, 'POST', `live/sessions/${sessionId}/exit`, {});
    await page.next('chatEnd');
    const offers = (await rest(guest, 'GET', `live/offers/${actor.id}`)).json().data;
    expect(offers.freeChat.duration.msLeft).toBeGreaterThan(0);
    expect(offers.freeChat.duration.msLeft).toBeLessThan(FREE_MS);
    expect(offers.freeChat.refusal).toBeNull();
    expect(offers.preview).toBeNull();
  });

  it('free chat and its duration are logged-in only: a visitor is refused (401, GraphQL null); a performer without freeChat refuses free chat (407-free: CHAT_TYPE_NOT_OFFERED)', async () => {
    const actor = await freeChatActor();
    const visitor = await start(null, actor.id, 'free-chat');
    expect(visitor.statusCode).toBe(401);
    expect((await rest(null, 'GET', `live/offers/${actor.id}`)).statusCode).toBe(401);
    const anonymous = await gql(null, '{ freeChatDuration { msLeft } }');
    expect(anonymous.json().errors?.[0]?.message ?? anonymous.json().data?.freeChatDuration).toBeTruthy();
    const guest = await guestWith(0);
    const none = await start(guest, (await freeChatActor({ freeChat: false })).id, 'free-chat');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('CHAT_TYPE_NOT_OFFERED');
  });

  it('free preview decline keeps the offer modal closed for 15 minutes; free preview init clears it and says whether a preview can start (GraphQL, logged-in only)', async () => {
    const actor = await previewActor();
    const guest = await guestWith(0);
    const declined = await gql(guest, 'mutation { freePreviewDecline { unitsLeft declinedUntil } }');
    const until = Date.parse(declined.json().data.freePreviewDecline.declinedUntil);
    expect(until).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    const offers = (await rest(guest, 'GET', `live/offers/${actor.id}`)).json().data;
    expect(offers.preview.allowance.declinedUntil).not.toBeNull();

    const init = await gql(
      guest,
      'mutation ($id: Int!) { freePreviewInit(actorId: $id) { actorId enabled canStart refusalCode exitCode allowance { unitsLimit unitsLeft unitMs declinedUntil } } }',
      { id: actor.id },
    );
    expect(init.json().data.freePreviewInit).toEqual({
      actorId: actor.id,
      enabled: true,
      canStart: true,
      refusalCode: null,
      exitCode: null,
      allowance: { unitsLimit: 5, unitsLeft: 5, unitMs: UNIT_MS, declinedUntil: null },
    });
    const offline = await gql(
      guest,
      'mutation ($id: Int!) { freePreviewInit(actorId: $id) { canStart exitCode } }',
      {
        id: (await previewActor({ isOnline: false })).id,
      },
    );
    expect(offline.json().data.freePreviewInit).toEqual({ canStart: false, exitCode: 498 });
    const unknown = await gql(guest, 'mutation { freePreviewInit(actorId: 2147483000) { canStart } }');
    expect(unknown.json().errors[0].extensions.code).toBe('ACTOR_NOT_FOUND');

    const anonymous = await gql(null, 'mutation { freePreviewDecline { unitsLeft } }');
    expect(anonymous.json().errors[0].message).toBe('Missing Vxql-Token');
  });

  /**
   * The time-driven preview ends (spec 8 408, 499): one node's live service and loop on this
   * database with a clock the test moves (live-node.ts; the real grace and start timeout, no real
   * waiting). The clock starts at the wall clock, so the node's leases never look lost to the app's
   * own loop. Its events (liveEnded, chatEnd) are recorded as the pages would get them.
   */
  describe('the time-driven preview ends (a clock the test moves)', () => {
    const { reconnectGraceMs, startTimeoutMs } = DEFAULT_CHAT_SESSION_SETTINGS;

    async function clockedPreview() {
      const published: { guestId: number; event: { type: string } & Record<string, unknown> }[] = [];
      const live = liveNodeOn(t.database.db, {
        minuteMs: 1000,
        nodeId: `preview-clock-${randomUUID().slice(0, 8)}`,
        publish: async (guestId, event) => {
          published.push({ guestId, event });
          return true;
        },
      });
      live.clock.now = Date.now();
      const actor = await previewActor();
      const guest = await guestWith(0);
      const who = { guestId: guest.id, actorId: actor.id };
      const started = await live.service.start({ ...who, type: 'live-preview', country: null });
      if (!started.ok) throw new Error(`preview not started: ${started.code}`);
      expect(started.status).toBe('starting');
      const { sessionId } = started;
      const eventsOf = (type: string) =>
        published.filter((p) => p.guestId === guest.id && p.event.type === type).map((p) => p.event);
      /**
       * The session ended with `exitCode`: the guest's session view says so (REST: the app's service
       * reading the row), the page got liveEnded and a free chatEnd once, and no money moved.
       */
      const expectEndedWith = async (exitCode: number) => {
        const view = (await rest(guest, 'GET', `live/sessions/${sessionId}`)).json().data;
        expect(view).toMatchObject({ sessionId, status: 'ended', exitCode });
        expect(eventsOf('liveEnded')).toEqual([{ type: 'liveEnded', sessionId, exitCode }]);
        expect(eventsOf('chatEnd')).toEqual([
          expect.objectContaining({ chatId: sessionId, price: { value: 0, currency: 'VXC' } }),
        ]);
        expect(await transfersOf(sessionId)).toBe(0);
      };
      return { live, guest, actor, from: live.clock.now, sessionId, expectEndedWith };
    }

    it('408: a running preview whose page went away and did not come back within the reconnect grace ends with 408; the unit its first frame used stays used, no money moves', async () => {
      const { live, guest, from, sessionId, expectEndedWith } = await clockedPreview();
      await live.service.event(sessionId, { type: 'mediaUp' });
      expect((await live.service.sessionById(sessionId))?.status).toBe('running');
      expect(await unitsOf(guest.id)).toBe(1);
      // The page closed (what the socket's close calls): the guest is gone until a join.
      await live.service.gone(guest.id, sessionId);
      await tickAt(live, from, reconnectGraceMs - 1);
      expect((await live.service.sessionById(sessionId))?.status).toBe('running');
      await tickAt(live, from, reconnectGraceMs);
      await expectEndedWith(408);
      expect(await unitsOf(guest.id)).toBe(1);
    });

    it('499: a preview whose media never came up ends with 499 at the start timeout and uses no unit', async () => {
      const { live, guest, actor, from, sessionId, expectEndedWith } = await clockedPreview();
      await tickAt(live, from, startTimeoutMs - 1);
      expect((await live.service.sessionById(sessionId))?.status).toBe('starting');
      await tickAt(live, from, startTimeoutMs);
      await expectEndedWith(499);
      expect(await unitsOf(guest.id)).toBe(0);
      const offers = await rest(guest, 'GET', `live/offers/${actor.id}`);
      expect(offers.json().data.preview.allowance).toMatchObject({ unitsUsed: 0, unitsLeft: 5 });
    });
  });
});
