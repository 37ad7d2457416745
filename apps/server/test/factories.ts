/**
 * Factories of the server integration tests: each builds the rows one test needs, the way the
 * product makes them, so a test states only what matters to it (`buildGuest({ balanceCents: 500 })`).
 *
 * - A guest signs up through `POST /rest/v1/guest/signup` (the real route, with its session and token).
 * - Money only ever comes from the ledger: a balance is a wallet top-up (the same double-entry
 *   transfer a paid charge credits), never a balance column written by hand. A voucher is granted
 *   through the operator API, as an operator grants one.
 * - Catalogue rows (actors, videos, albums, pictures) have no product service that creates them (the
 *   catalogue comes from the import), so they are inserted with defaults a test overrides; their
 *   media keys are images of the seeded media store, so `/media/` serves them.
 *
 * One `factoriesOf(testApp, { net })` per test file: its guests sign up from the file's own client
 * addresses (`net`), so per-IP limits of one file never reach another.
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { actors, albums, pictures, purchases, videos, vouchers } from '@vela/db/schema';
import { expect } from 'vitest';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { nextIp, operatorOf, type SignedUp, signUp } from './guest-helpers.ts';
import type { TestApp } from './test-app.ts';

type ActorRow = typeof actors.$inferSelect;
type VideoRow = typeof videos.$inferSelect;
type AlbumRow = typeof albums.$inferSelect;

export interface GuestOptions {
  /** The screen name (also the email's local part); default a unique `G<n>…`. Up to 30 characters. */
  name?: string;
  /** The wallet balance, credited by one ledger top-up after the signup; default 0 (no top-up). */
  balanceCents?: number;
  /** The client address of the signup; default the next address of the file's net. */
  ip?: string;
}

export interface VoucherOptions {
  /** Spec 3 voucher type (1 video, 4 album, ...). */
  type: number;
  amount?: number;
  actorId?: number;
  validDays?: number;
}

export interface AlbumOptions extends Partial<typeof albums.$inferInsert> {
  /** The album's pictures by their age ratings, in position order (1..n); default none. */
  pictures?: readonly (16 | 18)[];
}

export interface Factories {
  buildGuest(options?: GuestOptions): Promise<SignedUp>;
  /** Credits `cents` to the guest's wallet by a ledger top-up (unique idempotency key). */
  topUp(guest: { id: number }, cents: number): Promise<void>;
  buildActor(overrides?: Partial<typeof actors.$inferInsert>): Promise<ActorRow>;
  buildVideo(actorId: number, overrides?: Partial<typeof videos.$inferInsert>): Promise<VideoRow>;
  buildAlbum(actorId: number, options?: AlbumOptions): Promise<AlbumRow & { pictureIds: number[] }>;
  /** Grants a voucher through the operator API; the app must have been built with `operatorToken`. */
  buildVoucher(guest: { id: number }, options: VoucherOptions): Promise<void>;
  /** A name no other row of this run has, `prefix` first (trimmed to 30 characters). */
  unique(prefix: string): string;
}

let sequence = 0;

export function factoriesOf(
  t: Pick<TestApp, 'app' | 'database'>,
  options: { net: string; operatorToken?: string },
): Factories {
  const db = t.database.db;
  // No bus: a guest built before the test opened a page has no page to tell about the top-up, and
  // tests that count guestBalance events count only the ones their own steps cause.
  const wallet = createWalletService({ db });
  const operator = options.operatorToken ? operatorOf(options.operatorToken) : null;
  const keys = new Map<string, string>();

  const unique = (prefix: string) =>
    `${prefix}${++sequence}${Math.random().toString(36).slice(2, 6)}`.slice(0, 30);

  /** A key of the seeded media store (one per kind, looked up once). */
  async function mediaKey(kind: 'avatar' | 'preview' | 'picture' | 'photo'): Promise<string> {
    const known = keys.get(kind);
    if (known) return known;
    const [row] = await queryRows<{ key: string }>(
      db,
      sql`select key from media_images where kind = ${kind} order by key limit 1`,
    );
    if (!row) throw new Error(`no seeded media image of kind ${kind}`);
    keys.set(kind, row.key);
    return row.key;
  }

  async function topUp(guest: { id: number }, cents: number): Promise<void> {
    await wallet.topUp(guest.id, cents, `factory-topup-${guest.id}-${++sequence}`);
  }

  return {
    unique,
    topUp,

    async buildGuest(guestOptions = {}) {
      const guest = await signUp(t.app, guestOptions.name ?? unique('G'), {
        ip: guestOptions.ip ?? nextIp(options.net),
      });
      if (guestOptions.balanceCents) await topUp(guest, guestOptions.balanceCents);
      return guest;
    },

    async buildActor(overrides = {}) {
      const name = overrides.name ?? unique('Actor');
      const [row] = await db
        .insert(actors)
        .values({
          name,
          nameLower: name.toLowerCase(),
          gender: 'F',
          actorType: 'F',
          birthDate: '1995-04-01',
          aboutMe: { de: 'x', en: 'x', nl: 'x', es: 'x' },
          priceVideoCents: 199,
          priceSingleCents: 199,
          priceSinglec2cCents: 299,
          priceVoyeurCents: 99,
          priceMessageCents: 49,
          multiChatPriceCents: 149,
          avatarKey: await mediaKey('avatar'),
          registeredAt: new Date(),
          ...overrides,
        })
        .returning();
      if (!row) throw new Error('actor not inserted');
      return row;
    },

    async buildVideo(actorId, overrides = {}) {
      const [row] = await db
        .insert(videos)
        .values({
          actorId,
          title: unique('Video '),
          durationS: 60,
          ageRating: 16,
          priceCents: 199,
          basePriceCents: overrides.priceCents ?? 199,
          releasedAt: new Date(),
          previewKey: await mediaKey('preview'),
          ...overrides,
        })
        .returning();
      if (!row) throw new Error('video not inserted');
      return row;
    },

    async buildAlbum(actorId, { pictures: ageRatings = [], ...overrides } = {}) {
      const cover = await mediaKey('picture');
      const [album] = await db
        .insert(albums)
        .values({
          actorId,
          type: 'image',
          title: unique('Album '),
          priceCents: 499,
          createdAt: new Date(),
          coverKey: cover,
          ...overrides,
        })
        .returning();
      if (!album) throw new Error('album not inserted');
      const pictureIds: number[] = [];
      // Album pictures use their own pool (the media gate refuses their keys under /media/).
      const photo = ageRatings.length > 0 ? await mediaKey('photo') : cover;
      for (const [index, ageRating] of ageRatings.entries()) {
        const [picture] = await db
          .insert(pictures)
          .values({ albumId: album.id, imageKey: photo, ageRating, position: index + 1 })
          .returning({ id: pictures.id });
        pictureIds.push(picture!.id);
      }
      return { ...album, pictureIds };
    },

    async buildVoucher(guest, voucher) {
      if (!operator) throw new Error('buildVoucher needs factoriesOf(t, { operatorToken })');
      const response = await operator(t.app, 'POST', `guests/${guest.id}/vouchers`, {
        idempotencyKey: `factory-voucher-${guest.id}-${++sequence}`,
        amount: 1,
        ...voucher,
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
    },
  };
}

/**
 * The guest owns the video: a purchase paid with a spent video voucher (no money moves), the rows a
 * voucher purchase leaves. For tests that read what a guest bought, not how.
 */
export async function ownVideo(t: Pick<TestApp, 'database'>, guest: { id: number }, videoId: number) {
  const db = t.database.db;
  const [voucher] = await db
    .insert(vouchers)
    .values({ guestId: guest.id, type: 1, amount: 1, remaining: 0, source: 'operator' })
    .returning();
  await db
    .insert(purchases)
    .values({ guestId: guest.id, itemType: 'video', itemId: videoId, priceCents: 0, voucherId: voucher!.id });
}
