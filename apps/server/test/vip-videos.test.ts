/**
 * Issue 17 deliverable 4 — VIP delivers what the VIP club sells — and deliverable 1's purchases,
 * through HTTP against a real database: spec 3 video guestInfo.flatrate (true for a VIP member's VIP
 * and VIP30 videos, false otherwise and for visitors; REST tile grid and GraphQL), buying a video the
 * VIP membership includes is refused with 409 INCLUDED_IN_VIP and leaves the ledger as it was, and a
 * double purchase (the same request twice, or two keys at once) charges once.
 */
import { randomUUID } from 'node:crypto';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { describe, expect, it } from 'vitest';
import { type Factories, factoriesOf } from './factories.ts';
import { nextIp, restAs, type SignedUp } from './guest-helpers.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.71';
const t = testAppPerSuite({ offeredSubscriptions: ['vip'] });

let make: Factories;
const factories = () => {
  make ??= factoriesOf(t, { net: NET });
  return make;
};

const rest = (g: SignedUp, method: 'GET' | 'POST', path: string, body?: object) =>
  restAs(t.app, NET, g, method, path, body);

async function guestWith(cents: number) {
  return factories().buildGuest({ balanceCents: cents });
}

async function vipGuest(cents = 10_000) {
  const guest = await guestWith(cents);
  const subscribed = await rest(guest, 'POST', 'subscriptions/subscribe', {
    product: 'vip',
    idempotencyKey: randomUUID(),
  });
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  return guest;
}

/** Three videos of a new performer: a VIP video, a VIP30 offer and a plain paid one. */
async function videosOfANewPerformer() {
  const actor = await factories().buildActor();
  const vip = await factories().buildVideo(actor.id, { vip: true, priceCents: 299, basePriceCents: 299 });
  const vip30 = await factories().buildVideo(actor.id, { vip30: true, priceCents: 399, basePriceCents: 399 });
  const plain = await factories().buildVideo(actor.id, { priceCents: 199, basePriceCents: 199 });
  return { actor, vip: vip.id, vip30: vip30.id, plain: plain.id };
}

type GuestInfo = { bought: boolean; flatrate: boolean; liked: boolean };

async function guestInfoOf(ids: number[], g: SignedUp | null): Promise<Map<number, GuestInfo>> {
  const payload = JSON.stringify({ category: 'allVideos', limit: 100, filter: { ids } });
  const response = await t.app.inject({
    method: 'GET',
    url: `/rest/v1/tileGrid/get/videos/${encodeURIComponent(payload)}`,
    remoteAddress: nextIp(NET),
    headers: g ? { authorization: `Bearer ${g.accessToken}` } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const items = response.json().data.items as { id: number; guestInfo: GuestInfo }[];
  return new Map(items.map((item) => [item.id, item.guestInfo]));
}

/** The guest's wallet balance and the number of purchase transfers in the ledger. */
async function ledgerOf(guestId: number) {
  const [row] = await queryRows<{ purchases: string | number; balance: string | number }>(
    t.database.db,
    sql`select
      (select count(*) from ledger_transfers tr
        join ledger_entries e on e.transfer_id = tr.id
        join ledger_accounts a on a.id = e.account_id
        where tr.kind = 'purchase' and a.kind = 'guest-wallet' and a.owner_guest_id = ${guestId}) as purchases,
      (select coalesce(sum(e.amount_cents), 0) from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        where a.kind = 'guest-wallet' and a.owner_guest_id = ${guestId}) as balance`,
  );
  return { purchases: Number(row?.purchases ?? 0), balanceCents: Number(row?.balance ?? 0) };
}

const buy = (g: SignedUp, videoId: number, idempotencyKey = randomUUID()) =>
  rest(g, 'POST', `video/${videoId}/buy`, { idempotencyKey });

describe('spec 3 guestInfo.flatrate: the VIP membership includes VIP and VIP30 videos (issue 17 d4)', () => {
  it('a VIP sees flatrate true on a VIP video and a VIP30 offer, false on a plain paid video', async () => {
    const v = await videosOfANewPerformer();
    const guest = await vipGuest();
    const info = await guestInfoOf([v.vip, v.vip30, v.plain], guest);
    expect(info.get(v.vip)).toEqual({ bought: false, flatrate: true, liked: false });
    expect(info.get(v.vip30)).toEqual({ bought: false, flatrate: true, liked: false });
    expect(info.get(v.plain)).toEqual({ bought: false, flatrate: false, liked: false });
  });

  it('a guest without VIP and a visitor see flatrate false everywhere', async () => {
    const v = await videosOfANewPerformer();
    const guest = await guestWith(0);
    for (const who of [guest, null]) {
      const info = await guestInfoOf([v.vip, v.vip30, v.plain], who);
      expect([...info.values()].every((i) => i.flatrate === false)).toBe(true);
      expect(info.size).toBe(3);
    }
  });

  it('GraphQL videos answer guestInfo { bought flatrate } for the caller', async () => {
    const v = await videosOfANewPerformer();
    const guest = await vipGuest();
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql?lang=en',
      remoteAddress: nextIp(NET),
      headers: { authorization: `Bearer ${guest.accessToken}`, 'content-type': 'application/json' },
      payload: {
        query:
          'query Q($f: VideoFilter) { videos(category: "allVideos", filter: $f, limit: 10) { items { id guestInfo { bought flatrate } } } }',
        variables: { f: { ids: [v.vip, v.plain] } },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().data.videos.items as { id: string; guestInfo: GuestInfo }[];
    const byId = new Map(items.map((i) => [Number(i.id), i.guestInfo]));
    expect(byId.get(v.vip)).toEqual({ bought: false, flatrate: true });
    expect(byId.get(v.plain)).toEqual({ bought: false, flatrate: false });
  });
});

describe('buying a video the VIP membership includes charges nothing (issue 17 d4)', () => {
  it('a VIP buying a VIP video or a VIP30 offer gets 409 INCLUDED_IN_VIP; the ledger does not change', async () => {
    const v = await videosOfANewPerformer();
    const guest = await vipGuest();
    const before = await ledgerOf(guest.id);
    for (const id of [v.vip, v.vip30]) {
      const refused = await buy(guest, id);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.code).toBe('INCLUDED_IN_VIP');
    }
    expect(await ledgerOf(guest.id)).toEqual(before);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from purchases where guest_id = ${guest.id}`,
    );
    expect(row?.n).toBe(0);
  });

  it('the same VIP still buys a plain paid video, charged its price', async () => {
    const v = await videosOfANewPerformer();
    const guest = await vipGuest();
    const before = await ledgerOf(guest.id);
    const bought = await buy(guest, v.plain);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({ alreadyBought: false, purchase: { paidWith: 'wallet' } });
    expect(await ledgerOf(guest.id)).toEqual({
      purchases: before.purchases + 1,
      balanceCents: before.balanceCents - 199,
    });
  });

  it('a guest without VIP buys a VIP video at its price', async () => {
    const v = await videosOfANewPerformer();
    const guest = await guestWith(1_000);
    const bought = await buy(guest, v.vip);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await ledgerOf(guest.id)).toEqual({ purchases: 1, balanceCents: 1_000 - 299 });
    expect((await guestInfoOf([v.vip], guest)).get(v.vip)).toEqual({
      bought: true,
      flatrate: false,
      liked: false,
    });
  });
});

describe('a double purchase charges once (issue 17 Done when)', () => {
  it('the same request twice, another key later and two keys at once: one charge, one purchase', async () => {
    const v = await videosOfANewPerformer();
    const guest = await guestWith(1_000);
    const key = randomUUID();
    const first = await buy(guest, v.plain, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.alreadyBought).toBe(false);
    const again = await buy(guest, v.plain, key);
    expect(again.json().data).toMatchObject({ alreadyBought: true, guestBalanceCents: 1_000 - 199 });
    const otherKey = await buy(guest, v.plain);
    expect(otherKey.json().data.alreadyBought).toBe(true);
    expect(await ledgerOf(guest.id)).toEqual({ purchases: 1, balanceCents: 1_000 - 199 });

    const racer = await guestWith(1_000);
    const answers = await Promise.all([buy(racer, v.vip), buy(racer, v.vip), buy(racer, v.vip)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().data.alreadyBought === false)).toHaveLength(1);
    expect(await ledgerOf(racer.id)).toEqual({ purchases: 1, balanceCents: 1_000 - 299 });
  });
});
