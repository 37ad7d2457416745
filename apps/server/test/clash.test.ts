/**
 * Clash of cams voting (issue 18 deliverable 2, decision 0053; spec 2 special event "clash of cams",
 * spec 7 `clashOfCamsVoting`): the operator's start, one free vote per logged-in guest per clash
 * (decided by the database), the totals on every open page after each vote and at the end. The real
 * app and sockets; PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { PRESENCE_CHANNEL, type ServerMessageOf } from '@vela/contracts/socket';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from '../src/infra/db-errors.ts';
import { createActorChatReads } from '../src/modules/catalog/actor-chat.ts';
import { CLASH_PERFORMER_KEY, createClashRepository } from '../src/modules/clash/clash.repository.ts';
import { createClashService, VOTE_BROADCAST_MS } from '../src/modules/clash/clash.service.ts';
import type { Factories } from './factories.ts';
import { liveKit } from './live-kit.ts';
import { openSocket, type TestSocket } from './socket-client.ts';
import { testAppPerSuite } from './test-app.ts';

const SECRET = 'clash-test-secret-0123456789abcdef012345';
const TOKEN = 'clash-internal-token-0123456789abcdef';
const t = testAppPerSuite({
  env: { PERFORMER_API_SECRET: SECRET, INTERNAL_API_TOKEN: TOKEN, INTERNAL_ALLOWED_IPS: '127.0.0.1, ::1' },
});

type ClashMessage = ServerMessageOf<'clashOfCamsVoting'>;

/** The next `clashOfCamsVoting` of this clash on the page that `accept` takes (others are skipped). */
async function clashEvent(
  page: TestSocket,
  clashId: number,
  accept: (m: ClashMessage) => boolean = () => true,
) {
  for (;;) {
    const message = await page.next('clashOfCamsVoting', 8_000);
    if (message.clashId === clashId && accept(message)) return message;
  }
}

describe('clash of cams voting (issue 18; spec 2 clash of cams, spec 7 clashOfCamsVoting)', () => {
  const kit = liveKit(t, { net: '10.133', performerSecret: SECRET });
  const { guestWith, rest } = kit;
  let make: Factories;
  beforeAll(() => {
    make = kit.make();
  });

  const operator = (payload: unknown, token = TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: '/rest/v1/internal/clashes',
      remoteAddress: '127.0.0.1',
      headers: { 'x-internal-token': token },
      payload: payload as object,
    });

  async function clashOf(minutes = 5) {
    const a = await make.buildActor({ isOnline: true });
    const b = await make.buildActor({ isOnline: true });
    const started = await operator({ actorIds: [a.id, b.id], minutes });
    expect(started.statusCode).toBe(201);
    return { a, b, clash: started.json().data as ClashMessage };
  }

  async function visitorPage(): Promise<TestSocket> {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const socket = await openSocket(`ws://127.0.0.1:${address.port}/socket`);
    socket.send({ type: 'requestSession', language: 'en', accessToken: null, guestId: null });
    await socket.next('ackSession');
    return socket;
  }

  it('the operator starts a clash of two online performers: every page (a visitor too) gets the totals at 0; refusals change nothing', async () => {
    const visitor = await visitorPage();
    const { a, b, clash } = await clashOf();
    expect(clash).toMatchObject({
      actors: [
        { actorId: a.id, actorName: a.name, votes: 0 },
        { actorId: b.id, actorName: b.name, votes: 0 },
      ],
      ended: false,
    });
    expect(await clashEvent(visitor, clash.clashId)).toMatchObject({ actors: clash.actors, ended: false });
    const current = await rest(null, 'GET', `clashes/current?actorId=${b.id}`);
    expect(current.json().data).toEqual({ clash, votedFor: null });
    // Refused: a performer in a running clash, an offline one, unknown, the same twice, bad minutes, no token.
    const c = await make.buildActor({ isOnline: true });
    const offline = await make.buildActor({ isOnline: false });
    const busy = await operator({ actorIds: [a.id, c.id], minutes: 5 });
    expect([busy.statusCode, busy.json().error.code]).toEqual([409, 'CLASH_RUNNING']);
    const away = await operator({ actorIds: [c.id, offline.id], minutes: 5 });
    expect([away.statusCode, away.json().error.code]).toEqual([409, 'PERFORMER_OFFLINE']);
    expect((await operator({ actorIds: [c.id, 2 ** 31 - 2], minutes: 5 })).statusCode).toBe(404);
    for (const payload of [
      { actorIds: [c.id, c.id], minutes: 5 },
      { actorIds: [c.id, offline.id], minutes: 0 },
      { actorIds: [c.id, offline.id], minutes: 61 },
      { actorIds: [c.id], minutes: 5 },
      { actorIds: [c.id, offline.id], minutes: 5, extra: 1 },
      { actorIds: [`${c.id}\u0000`, offline.id], minutes: 5 },
    ]) {
      expect((await operator(payload)).statusCode).toBe(400);
    }
    expect((await operator({ actorIds: [c.id, offline.id], minutes: 5 }, 'wrong')).statusCode).toBe(403);
    visitor.close();
  });

  it('one free vote per guest: 20 parallel votes of one guest write one (19 × 409 ALREADY_VOTED, the first stands); 20 guests voting in parallel give exact totals, each reaching the pages', async () => {
    const { a, b, clash } = await clashOf();
    const watcher = await kit.pageOf(await guestWith(0));
    const guest = await guestWith(0);
    const vote = (who: typeof guest | null, actorId: number, id = clash.clashId) =>
      rest(who, 'POST', `clashes/${id}/vote`, { actorId });
    const same = await Promise.all(Array.from({ length: 20 }, (_, i) => vote(guest, i % 2 ? a.id : b.id)));
    const codes = same.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, ...Array(19).fill(409)]);
    expect(
      same.filter((x) => x.statusCode === 409).every((x) => x.json().error.code === 'ALREADY_VOTED'),
    ).toBe(true);
    const first = same.find((x) => x.statusCode === 200)?.json().data as ClashMessage;
    const chosen = first.actors.find((side) => side.votes === 1)?.actorId;
    expect(chosen).toBeDefined();
    const mine = await rest(guest, 'GET', `clashes/current?actorId=${a.id}`);
    expect(mine.json().data.votedFor).toBe(chosen);

    const voters = await Promise.all(Array.from({ length: 20 }, () => guestWith(0)));
    const answers = await Promise.all(voters.map((voter, i) => vote(voter, i < 13 ? a.id : b.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const votesOf = (id: number) => (chosen === id ? 1 : 0);
    const final = [
      { actorId: a.id, actorName: a.name, votes: 13 + votesOf(a.id) },
      { actorId: b.id, actorName: b.name, votes: 7 + votesOf(b.id) },
    ];
    expect((await rest(null, 'GET', `clashes/current?actorId=${a.id}`)).json().data.clash.actors).toEqual(
      final,
    );
    // The watcher's page saw the totals grow to the final ones (the last state is always sent).
    const seen = await clashEvent(
      watcher,
      clash.clashId,
      (m) => m.actors[0]?.votes === final[0]?.votes && m.actors[1]?.votes === final[1]?.votes,
    );
    expect(seen.ended).toBe(false);
    const [{ n }] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from clash_votes where clash_id = ${clash.clashId}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    expect(n).toBe(21);
  });

  it('refused, nothing written: a visitor 401 NOT_LOGGED_IN, a performer not in the clash 400 CLASH_WRONG_ACTOR, an unknown clash 404, malformed input 400', async () => {
    const { clash } = await clashOf();
    const other = await make.buildActor({ isOnline: true });
    const guest = await guestWith(0);
    const visitor = await rest(null, 'POST', `clashes/${clash.clashId}/vote`, {
      actorId: clash.actors[0]?.actorId,
    });
    expect([visitor.statusCode, visitor.json().error.code]).toEqual([401, 'NOT_LOGGED_IN']);
    const wrong = await rest(guest, 'POST', `clashes/${clash.clashId}/vote`, { actorId: other.id });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'CLASH_WRONG_ACTOR']);
    const unknown = await rest(guest, 'POST', `clashes/${clash.clashId + 100000}/vote`, {
      actorId: other.id,
    });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'CLASH_NOT_FOUND']);
    for (const [path, body] of [
      [`clashes/x/vote`, { actorId: other.id }],
      [`clashes/${clash.clashId}/vote`, { actorId: 'a\u0007' }],
      [`clashes/${clash.clashId}/vote`, { actorId: -1 }],
      [`clashes/${clash.clashId}/vote`, {}],
      [`clashes/${clash.clashId}/vote`, { actorId: other.id, extra: true }],
    ] as const) {
      expect((await rest(guest, 'POST', path, body)).statusCode).toBe(400);
    }
    expect((await rest(null, 'GET', 'clashes/current?actorId=abc')).statusCode).toBe(400);
    const current = await rest(guest, 'GET', `clashes/current?actorId=${clash.actors[0]?.actorId}`);
    expect(current.json().data.clash.actors.map((s: { votes: number }) => s.votes)).toEqual([0, 0]);
  });

  it('an ended clash refuses votes (409 CLASH_ENDED) and its final totals reach the pages once with ended: true', async () => {
    const { a, clash } = await clashOf();
    const page = await kit.pageOf(await guestWith(0));
    const early = await guestWith(0);
    expect((await rest(early, 'POST', `clashes/${clash.clashId}/vote`, { actorId: a.id })).statusCode).toBe(
      200,
    );
    // The voting window closes (the clock of the row, not a real wait).
    await t.database.db.execute(
      sql`update clashes set starts_at = now() - interval '10 minutes', ends_at = now() - interval '1 second' where id = ${clash.clashId}`,
    );
    const late = await rest(await guestWith(0), 'POST', `clashes/${clash.clashId}/vote`, { actorId: a.id });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'CLASH_ENDED']);
    const end = await clashEvent(page, clash.clashId, (m) => m.ended);
    expect(end.actors.map((side) => side.votes)).toEqual([1, 0]);
    const shown = await rest(early, 'GET', `clashes/current?actorId=${a.id}`);
    expect(shown.json().data).toMatchObject({
      clash: { clashId: clash.clashId, ended: true },
      votedFor: a.id,
    });
    // The performer is free for the next clash.
    const b2 = await make.buildActor({ isOnline: true });
    expect((await operator({ actorIds: [a.id, b2.id], minutes: 1 })).statusCode).toBe(201);
  });
  it("at most one running clash per performer is the database's: of 10 parallel starts with the same performer one is 201, nine 409 CLASH_RUNNING; a direct second row is refused", async () => {
    const a = await make.buildActor({ isOnline: true });
    const others = await Promise.all(Array.from({ length: 10 }, () => make.buildActor({ isOnline: true })));
    const answers = await Promise.all(others.map((b) => operator({ actorIds: [a.id, b.id], minutes: 5 })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(
      answers.filter((x) => x.statusCode === 409).every((x) => x.json().error.code === 'CLASH_RUNNING'),
    ).toBe(true);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from clashes where ${a.id} in (actor_a, actor_b)`,
    );
    expect(rows[0]?.n).toBe(1);
    // Without the service's check: the table itself refuses a second clash of the performer.
    const [clash] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from clashes where ${a.id} in (actor_a, actor_b)`,
    );
    const refused = await t.database.db
      .execute(sql`insert into clash_performers (actor_id, clash_id) values (${a.id}, ${clash!.id})`)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(uniqueViolation(refused)).toBe(CLASH_PERFORMER_KEY);
  });

  it(`votes are broadcast at most once per clash per ${VOTE_BROADCAST_MS} ms, the last state always sent; the end at once`, async () => {
    const a = await make.buildActor({ isOnline: true });
    const b = await make.buildActor({ isOnline: true });
    const sent: { at: number; message: ClashMessage }[] = [];
    const service = createClashService({
      repository: createClashRepository(t.database.db),
      actors: createActorChatReads(t.database.db),
      bus: {
        async publish(channel, message) {
          if (channel === PRESENCE_CHANNEL) sent.push({ at: Date.now(), message: message as ClashMessage });
        },
      },
      now: Date.now,
    });
    const clash = await service.start([a.id, b.id], 5);
    const ofClash = () => sent.filter((x) => x.message.clashId === clash.clashId);
    const voters = await Promise.all(Array.from({ length: 30 }, () => guestWith(0)));
    // 30 votes over about 0.6 s: 10 at once, then one every 30 ms.
    await Promise.all(
      voters.slice(0, 10).map((v, i) => service.vote(v.id, clash.clashId, i % 3 ? a.id : b.id)),
    );
    for (const [i, v] of voters.slice(10).entries()) {
      await service.vote(v.id, clash.clashId, i % 3 ? a.id : b.id);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await new Promise((resolve) => setTimeout(resolve, VOTE_BROADCAST_MS + 100));
    const votes = ofClash().slice(1); // the start's announcement first
    expect(votes.length).toBeGreaterThan(1);
    expect(votes.length).toBeLessThan(10);
    for (let i = 1; i < votes.length; i++)
      expect(votes[i]!.at - votes[i - 1]!.at).toBeGreaterThanOrEqual(VOTE_BROADCAST_MS - 5);
    const last = votes.at(-1)!.message;
    expect(last.actors.map((side) => side.votes)).toEqual([19, 11]);
    expect(last.ended).toBe(false);
    // A vote just broadcast, another held back: the end goes out at once, and nothing after it.
    const late = await guestWith(0);
    await service.vote(late.id, clash.clashId, a.id);
    const lateOne = await guestWith(0);
    await service.vote(lateOne.id, clash.clashId, b.id);
    await t.database.db.execute(
      sql`update clashes set starts_at = now() - interval '10 minutes', ends_at = now() - interval '1 second' where id = ${clash.clashId}`,
    );
    const before = Date.now();
    expect(await service.sweep()).toBeGreaterThanOrEqual(1);
    const end = ofClash().find((x) => x.message.ended);
    expect(end).toBeDefined();
    expect(end!.at - before).toBeLessThan(VOTE_BROADCAST_MS);
    expect(end!.message.actors.map((side) => side.votes)).toEqual([20, 12]);
    await new Promise((resolve) => setTimeout(resolve, VOTE_BROADCAST_MS + 100));
    expect(ofClash().at(-1)!.message.ended).toBe(true);
    service.stop();
  });
});
