/**
 * Paid media in the messenger (issue 19 deliverable 2, docs/decisions/0054-messenger.md): a photo or a
 * clip a performer (the performer API, or the simulator) sends in a channel for coins. Locked, the
 * guest sees a blurred placeholder (never a byte of the picture or clip); bought once, the message
 * shows the picture, or plays the clip (HLS, like a bought shop video), through URLs signed for the
 * guest (messenger-media.routes.ts), and it is in the media library's messenger section (photos or
 * videos).
 *
 * Buying: the channel must be the guest's (another guest's: MESSENGER_CHANNEL_NOT_FOUND), the media
 * one of that channel (MESSENGER_MEDIA_NOT_FOUND). ONE transaction locks the media row, charges the
 * price through the ledger (kind `message`, key `messenger-media:<mediaId>`: one charge per media
 * whatever the page's key, the performer's share like every purchase) and marks it bought. A second
 * buy, parallel or later, finds it bought (`alreadyBought`) and charges nothing; NOT_ENOUGH_MONEY
 * rolls everything back.
 */
import type { MediathekMessengerMedia } from '@vela/contracts/mediathek';
import type { MessengerClipFiles, MessengerMedia } from '@vela/contracts/messenger';
import { guestBalanceFields } from '@vela/domain/coin-balance';
import { CENTS_PER_COIN, coinsForEuroCents } from '@vela/domain/coins';
import { AppError } from '../../http/errors.ts';
import type { MediaSigner } from '../../infra/signed-media.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { MessengerActorSide } from './messenger-actor-side.ts';
import type {
  MessengerMediaKind,
  MessengerMediaRepository,
  MessengerMediaRow,
} from './messenger-media.repository.ts';

/** Where bought messenger media is served (signed per guest; messenger-media.routes.ts). */
export const MESSENGER_MEDIA_PREFIX = '/media/messenger/';
export const MESSENGER_MEDIA_ROUTE = `${MESSENGER_MEDIA_PREFIX}:mediaId/:file`;
/** The one rendition a messenger picture is served in (spec 9 sizes). */
export const MESSENGER_MEDIA_SIZE = 'w640';
export const messengerMediaResource = (mediaId: number) =>
  `messenger-media:${mediaId}:${MESSENGER_MEDIA_SIZE}`;
/**
 * The signed resource of a bought clip: all its files (playlist, segments, poster, thumbnails, sprite)
 * share one token, as the files of a shop video's start do (playback `hls:<videoId>:<segments>`).
 */
export const messengerClipResource = (mediaId: number) => `messenger-media:${mediaId}:hls`;
/** The ledger key of a media purchase: one per media, so it is bought (and charged) once. */
export const messengerMediaKey = (mediaId: number) => `messenger-media:${mediaId}`;

/** The prices (coins) a simulated performer asks for a photo. */
export const PHOTO_PRICES_COINS = [12, 20, 30] as const;
/**
 * Pool keys a simulated performer's photo uses: the album-picture pool ('photo'), which the media gate
 * never serves directly, its first four keys (present in the demo's and the tests' pools alike).
 */
export const PHOTO_ASSET_KEYS = ['photo-001', 'photo-002', 'photo-003', 'photo-004'] as const;

/** The prices (coins) a simulated performer asks for a clip. */
export const CLIP_PRICES_COINS = [25, 40, 60] as const;
/**
 * Asset keys of clips: `clip-<n>` is the n-th clip of the seed's video clip pool (@vela/db clip-pool.ts,
 * counted round the pool: the tests' pool has 2 clips, the demo's 3), resolved when served.
 */
export const CLIP_ASSET_KEYS = ['clip-001', 'clip-002', 'clip-003'] as const;

/** What a simulated performer picks from for new media of a kind: its prices (coins) and assets. */
const OFFERS: Record<MessengerMediaKind, { prices: readonly number[]; assets: readonly string[] }> = {
  photo: { prices: PHOTO_PRICES_COINS, assets: PHOTO_ASSET_KEYS },
  clip: { prices: CLIP_PRICES_COINS, assets: CLIP_ASSET_KEYS },
};

/** The channel new media is offered in. */
type OfferChannel = { channelId: number; guestId: number; actorId: number };

const coins = (cents: number) => ({ value: coinsForEuroCents(cents), currency: 'VXC' as const });

/**
 * A blurred placeholder of a locked picture: soft colours from the media id, drawn here, so the
 * locked message carries no byte of the paid picture.
 */
export function lockedPreviewOf(mediaId: number): string {
  const hue = (mediaId * 47) % 360;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48" viewBox="0 0 64 48">' +
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,42%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 70) % 360},55%,62%)"/></linearGradient>` +
    '<filter id="b"><feGaussianBlur stdDeviation="7"/></filter></defs>' +
    '<rect width="64" height="48" fill="url(#g)"/>' +
    `<circle cx="30" cy="22" r="15" fill="hsl(${(hue + 180) % 360},50%,70%)" fill-opacity=".55" filter="url(#b)"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export interface MessengerMediaDeps {
  repository: MessengerMediaRepository;
  wallet: Pick<WalletService, 'atomically' | 'guestBalance'>;
  channels: Pick<MessengerActorSide, 'channelOf' | 'announceMediaMessage'>;
  signer: MediaSigner;
  /** Performers' names by id (the media library's list). */
  actorNames: (actorIds: readonly number[]) => Promise<Map<number, string>>;
  /** Throws (403 RESTRICTED) when the guest may not open FSK-18 media: checked before any charge. */
  requireAdult?: (guestId: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

const channelNotFound = () => new AppError('MESSENGER_CHANNEL_NOT_FOUND', 'No such channel', 404);
const mediaNotFound = () => new AppError('MESSENGER_MEDIA_NOT_FOUND', 'No such media in this channel', 404);

export function createMessengerMedia(deps: MessengerMediaDeps) {
  const { repository, signer } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  /** A bought clip's file `file`, with the clip's token. */
  const clipFile = (row: MessengerMediaRow, file: string, token: string) =>
    `${MESSENGER_MEDIA_PREFIX}${row.id}/${file}?t=${token}`;

  /** Where the guest opens bought media: the picture, or the clip's playlist and files (one token). */
  function filesOf(
    row: MessengerMediaRow,
    guestId: number,
  ): { url: string; clip: MessengerClipFiles | null } {
    if (row.kind !== 'clip')
      return {
        url: `${MESSENGER_MEDIA_PREFIX}${row.id}/${MESSENGER_MEDIA_SIZE}.webp?t=${signer.sign(guestId, messengerMediaResource(row.id))}`,
        clip: null,
      };
    const token = signer.sign(guestId, messengerClipResource(row.id));
    return {
      url: clipFile(row, 'index.m3u8', token),
      clip: {
        posterUrl: clipFile(row, 'poster.jpg', token),
        thumbnailsUrl: clipFile(row, 'thumbnails.vtt', token),
      },
    };
  }

  /** The media as its guest sees it: locked (placeholder) or bought (URL signed for the guest). */
  function view(row: MessengerMediaRow): MessengerMedia {
    const bought = row.boughtAt !== null;
    const files = bought ? filesOf(row, row.guestId) : null;
    return {
      mediaId: String(row.id),
      kind: row.kind as MessengerMediaKind,
      price: coins(row.priceCents),
      bought,
      previewUrl: lockedPreviewOf(row.id),
      url: files?.url ?? null,
      clip: files?.clip ?? null,
    };
  }

  /** New locked media of a kind: an asset of the kind's pool, at `priceCents` or one of the kind's prices. */
  function offer(
    kind: MessengerMediaKind,
    channel: OfferChannel,
    priceCents: number | undefined,
  ): Promise<MessengerMediaRow> {
    const { prices, assets } = OFFERS[kind];
    return repository.insert({
      channelId: channel.channelId,
      guestId: channel.guestId,
      actorId: channel.actorId,
      kind,
      priceCents: priceCents ?? pick(prices) * CENTS_PER_COIN,
      assetKey: pick(assets),
      ageRating: 18,
    });
  }

  return {
    view,

    /** The views of media ids of one guest's messages (the messenger's message presenter). */
    async views(guestId: number, ids: readonly number[]): Promise<Map<number, MessengerMedia>> {
      const rows = await repository.byIds(ids);
      return new Map(rows.filter((row) => row.guestId === guestId).map((row) => [row.id, view(row)]));
    },

    /**
     * A performer's new photo for the channel's guest, locked: a picture of the pool, at the performer's
     * price (the performer API) or one of the usual prices (the simulator).
     */
    offerPhoto: (channel: OfferChannel, priceCents?: number) => offer('photo', channel, priceCents),

    /**
     * A performer's new clip for the channel's guest, locked: a clip of the seed's pool, at the
     * performer's price (the performer API) or one of the usual clip prices (the simulator).
     */
    offerClip: (channel: OfferChannel, priceCents?: number) => offer('clip', channel, priceCents),

    /** Media whose message was never delivered (the channel is blocked). */
    discard: (mediaId: number) => repository.discard(mediaId),

    async buy(guestId: number, channelId: string, mediaId: string, idempotencyKey: string) {
      const channel = await deps.channels.channelOf(guestId, channelId);
      if (!channel) throw channelNotFound();
      const row = await repository.byId(Number(mediaId));
      if (!row || String(row.channelId) !== channel.channelId || row.guestId !== guestId)
        throw mediaNotFound();
      let alreadyBought = row.boughtAt !== null;
      if (!alreadyBought) {
        await deps.requireAdult?.(guestId);
        alreadyBought = await deps.wallet.atomically(async (tx, ledger) => {
          const locked = await repository.lockForPurchase(tx, row.id);
          if (!locked || locked.boughtAt !== null) return true;
          const charge = await ledger.purchase(guestId, locked.priceCents, messengerMediaKey(row.id), {
            kind: 'message',
            performerId: locked.actorId,
            reference: { channelId, mediaId, idempotencyKey },
          });
          await repository.markBought(tx, row.id, charge.transferId, new Date(now()));
          return false;
        });
      }
      // Every page of the guest shows it bought (a page replaces the message by id).
      const message = await deps.channels.announceMediaMessage(guestId, channelId, mediaId);
      if (!message) throw mediaNotFound();
      return { message, alreadyBought, ...guestBalanceFields(await deps.wallet.guestBalance(guestId)) };
    },

    /** The guest's bought media of a kind, newest first (the media library's port). */
    async bought(
      guestId: number,
      kind: MessengerMediaKind,
      limit: number,
      offset: number,
    ): Promise<{ items: MediathekMessengerMedia[]; total: number }> {
      const { rows, total } = await repository.bought(guestId, kind, limit, offset);
      const names = await deps.actorNames([...new Set(rows.map((row) => row.actorId))]);
      return {
        total,
        items: rows.map((row) => ({
          mediaId: String(row.id),
          channelId: String(row.channelId),
          actorId: row.actorId,
          actorName: names.get(row.actorId) ?? '',
          kind,
          price: coins(row.priceCents),
          ...filesOf(row, guestId),
          at: (row.boughtAt ?? new Date(0)).toISOString(),
        })),
      };
    },

    /** What the signed route serves: the bought media of `guestId` (null: none, or not bought). */
    async fileOf(mediaId: number): Promise<MessengerMediaRow | null> {
      const row = await repository.byId(mediaId);
      return row && row.boughtAt !== null ? row : null;
    },
  };
}
export type MessengerMediaService = ReturnType<typeof createMessengerMedia>;
