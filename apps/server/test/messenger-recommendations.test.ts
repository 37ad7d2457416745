/**
 * Spec 7 `recommendations` (currentActorId, useGrid, fsk) of the empty messenger (issue 19, decision
 * 0054) through HTTP against a real database (PGlite, or PostgreSQL with DATABASE_URL): `useGrid` is
 * how many the page shows (spec 9: grid 8, slider 5, else the 9 recommended actors), `fsk` the highest
 * age rating of the preview pictures — FSK-18 ones (a performer's newest FSK-18 album cover) only for a
 * guest whose age check is accepted, whatever is asked.
 */
import { sql } from '@vela/db/orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from './guest-helpers.ts';
import { messengerKit } from './messenger-performer-kit.ts';
import { testAppPerSuite } from './test-app.ts';

const NET = '10.196';
const t = testAppPerSuite();
const { rest, make } = messengerKit(t, NET);

interface Recommended {
  actorId: number;
  actorName: string;
  isActorOnline: boolean;
  previewPictureUrl: string | null;
  previewPictureAgeRating: 16 | 18;
}
interface Answer {
  layout: 'grid' | 'slider' | 'list';
  fsk: 16 | 18;
  actors: Recommended[];
}

const DAY = 86_400_000;
/** Pool keys of the test media (packages/db seed/images.ts: picture-001 is rated 16, picture-002/003 18). */
const COVER_16 = 'picture-001';
const COVER_18 = 'picture-002';
const OLDER_COVER_18 = 'picture-003';
const url = (key: string) => `/media/w320/${key}.webp`;

/** The performers recommended first: online, with rankings above every seeded one (best first). */
let top: { id: number; avatarKey: string }[] = [];

async function recommendations(guest: SignedUp | null, query: string) {
  const response = await rest(guest, 'GET', `recommendations${query}`);
  return { response, answer: (response.statusCode === 200 ? response.json().data : null) as Answer };
}

const acceptAgeCheck = (guestId: number) =>
  t.database.db.execute(sql`update guests set avs_status = 'accepted' where id = ${guestId}`);

beforeAll(async () => {
  top = [];
  for (let i = 0; i < 10; i++) {
    top.push(await make().buildActor({ isOnline: true, rankingPoints: 2_000_000_000 - i }));
  }
  const [withCovers, only16] = top;
  // The first: an older FSK-18 cover, a newer FSK-18 cover, and the newest album with an FSK-16 cover.
  const now = Date.now();
  await make().buildAlbum(withCovers!.id, { coverKey: OLDER_COVER_18, createdAt: new Date(now - 3 * DAY) });
  await make().buildAlbum(withCovers!.id, { coverKey: COVER_18, createdAt: new Date(now - 2 * DAY) });
  await make().buildAlbum(withCovers!.id, { coverKey: COVER_16, createdAt: new Date(now - DAY) });
  // The second: only an FSK-16 cover (her avatar is shown).
  await make().buildAlbum(only16!.id, { coverKey: COVER_16 });
});

describe('recommendations: useGrid is how many the page shows (spec 9)', () => {
  it('useGrid 1 (or true) answers a grid of 8, 0 (or false) a slider of 5, none the 9 recommended actors; online and best ranked first', async () => {
    const guest = await make().buildGuest();
    const expectations: [string, Answer['layout'], number][] = [
      ['?useGrid=1', 'grid', 8],
      ['?useGrid=true', 'grid', 8],
      ['?useGrid=0', 'slider', 5],
      ['?useGrid=false', 'slider', 5],
      ['', 'list', 9],
    ];
    for (const [query, layout, count] of expectations) {
      const { response, answer } = await recommendations(guest, query);
      expect(response.statusCode, response.body).toBe(200);
      expect(answer.layout, query).toBe(layout);
      expect(
        answer.actors.map((a) => a.actorId),
        query,
      ).toEqual(top.slice(0, count).map((a) => a.id));
      expect(answer.actors.every((a) => a.isActorOnline)).toBe(true);
    }
  });

  it('currentActorId is left out and the next one moves up', async () => {
    const guest = await make().buildGuest();
    const { answer } = await recommendations(guest, `?useGrid=0&currentActorId=${top[1]?.id}`);
    expect(answer.actors.map((a) => a.actorId)).toEqual(
      [top[0], top[2], top[3], top[4], top[5]].map((a) => a?.id),
    );
  });
});

describe('recommendations: fsk is the highest age rating of the preview pictures', () => {
  it("fsk 18 for a guest whose age check is accepted: each performer's newest FSK-18 album cover, else her avatar (FSK-16)", async () => {
    const guest = await make().buildGuest();
    await acceptAgeCheck(guest.id);
    const { response, answer } = await recommendations(guest, '?useGrid=0&fsk=18');
    expect(response.statusCode, response.body).toBe(200);
    expect(answer.fsk).toBe(18);
    const [first, second, third] = answer.actors;
    expect(first).toMatchObject({ previewPictureUrl: url(COVER_18), previewPictureAgeRating: 18 });
    expect(second).toMatchObject({ previewPictureUrl: url(top[1]!.avatarKey), previewPictureAgeRating: 16 });
    expect(third).toMatchObject({ previewPictureUrl: url(top[2]!.avatarKey), previewPictureAgeRating: 16 });
    // The picture is one the media gate lets this guest see (FSK-18 past the age check).
    const picture = await t.app.inject({
      method: 'GET',
      url: url(COVER_18),
      headers: { cookie: guest.cookie },
    });
    expect(picture.statusCode).not.toBe(403);
  });

  it('fsk 16, or no fsk, answers the avatars (FSK-16) also to an age-verified guest', async () => {
    const guest = await make().buildGuest();
    await acceptAgeCheck(guest.id);
    for (const query of ['?useGrid=1&fsk=16', '?useGrid=1']) {
      const { answer } = await recommendations(guest, query);
      expect(answer.fsk, query).toBe(16);
      expect(answer.actors.map((a) => a.previewPictureUrl)).toEqual(
        top.slice(0, 8).map((a) => url(a.avatarKey)),
      );
      expect(answer.actors.every((a) => a.previewPictureAgeRating === 16)).toBe(true);
    }
  });

  it('fsk 18 asked by a guest without an accepted age check (none, or pending) answers FSK-16 pictures, and says so', async () => {
    const guest = await make().buildGuest();
    for (const status of ['unknown', 'pending'] as const) {
      await t.database.db.execute(sql`update guests set avs_status = ${status} where id = ${guest.id}`);
      const { response, answer } = await recommendations(guest, '?useGrid=1&fsk=18');
      expect(response.statusCode, response.body).toBe(200);
      expect(answer.fsk, status).toBe(16);
      expect(answer.actors[0]).toMatchObject({
        actorId: top[0]?.id,
        previewPictureUrl: url(top[0]!.avatarKey),
        previewPictureAgeRating: 16,
      });
      expect(answer.actors.some((a) => a.previewPictureAgeRating === 18)).toBe(false);
    }
    // The cover it would have been is FSK-18: the media gate refuses it to this guest.
    const picture = await t.app.inject({
      method: 'GET',
      url: url(COVER_18),
      headers: { cookie: guest.cookie },
    });
    expect(picture.statusCode).toBe(403);
  });
});

describe('recommendations: refused input', () => {
  it('a useGrid, fsk or currentActorId outside the contract is 400 VALIDATION_ERROR; a visitor is 401 NOT_LOGGED_IN', async () => {
    const guest = await make().buildGuest();
    for (const query of [
      '?useGrid=2',
      '?useGrid=yes',
      '?fsk=17',
      '?fsk=12',
      '?currentActorId=abc',
      '?currentActorId=0',
    ]) {
      const { response } = await recommendations(guest, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('VALIDATION_ERROR');
    }
    const { response } = await recommendations(null, '?useGrid=1');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('NOT_LOGGED_IN');
  });
});
