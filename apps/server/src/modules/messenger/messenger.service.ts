/**
 * The messenger's use cases (issue 19, docs/decisions/0054-messenger.md; mode `server`): channels,
 * sending (priced by @vela/domain/messenger-pricing, charged through the ledger), reading, marking
 * read, archiving, blocking, gifts, and the performer's side (messenger-actor-side.ts).
 *
 * A send is ONE transaction: the channel row is locked (so messages of one channel, and resends of one
 * key, run one after the other), a stored message under the key is answered again (`alreadySent`,
 * nothing charged), the price is computed from what the transaction sees (free messages left, owned
 * gifts row-locked, messenger-gift vouchers), the ledger purchase (kind `message`, key
 * `message:<guest>:<idempotencyKey>`, the performer's share) is made, owned gifts, vouchers and the free
 * message are used, and the message is inserted. A refusal (not enough money, a price that changed, a
 * blocked channel) rolls everything back. Only after the commit are the pages told (messengerMessage,
 * messagePrice when the next price changed) and the guest-message listeners run.
 */
import type { Language } from '@vela/contracts/common';
import {
  MESSENGER_MESSAGES_PAGE,
  MESSENGER_NAVBAR_CHANNELS,
  MESSENGER_RECOMMENDATIONS,
  MESSENGER_TEXT_MAX,
  type MessengerActor,
  type MessengerChannel,
  type MessengerFilter,
  type MessengerMedia,
  type MessengerMessage,
  type MessengerRecommendationsLayout,
  type MessengerSend,
  type MessengerSendResult,
} from '@vela/contracts/messenger';
import type { GuestSocketEvent } from '@vela/contracts/socket';
import { forbiddenCharacterOf } from '@vela/contracts/strings';
import type { Db } from '@vela/db/client';
import { guestBalanceFields } from '@vela/domain/coin-balance';
import {
  giftsPrice,
  messageTotalCents,
  nextMessagePriceCents,
  textPrice,
} from '@vela/domain/messenger-pricing';
import { AppError } from '../../http/errors.ts';
import type { EventBus } from '../../infra/bus.ts';
import { type Country, isBlockedIn } from '../../infra/country.ts';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import type { ActorForMessenger, ActorMessengerReads } from '../catalog/actor-messenger.ts';
import type { MessengerGiftVouchers } from '../promotions/messenger-gift-vouchers.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { channelView, giftView, messageView } from './messenger.presenter.ts';
import {
  type ChannelRow,
  createMessengerRepository,
  FREE_SETTINGS,
  type MessageRow,
  type MessengerRepository,
  type SettingsRow,
} from './messenger.repository.ts';
import type {
  ActorMessageInput,
  GuestMessageEvent,
  MessengerActorSide,
  PerformerMessageResult,
} from './messenger-actor-side.ts';

/** Paid media of messages (the messenger's media code fills it in; none without it). */
export type MessengerMediaReads = (
  guestId: number,
  mediaIds: readonly number[],
) => Promise<Map<number, MessengerMedia>>;

export interface MessengerServiceDeps {
  db: Db;
  wallet: Pick<WalletService, 'atomically' | 'guestBalance'>;
  bus: EventBus;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** The catalog's performers (name, age, online, picture, banned countries). */
  actors: ActorMessengerReads;
  /** Spec 6 VIP (VIP gifts). */
  isVip: (guestId: number) => Promise<boolean>;
  /** Whether the guest is in a live chat with the performer now (multi-chat price). */
  inLiveChat: (guestId: number, actorId: number) => Promise<boolean>;
  /** The promotions module's messenger-gift vouchers (type 6). */
  giftVouchers: MessengerGiftVouchers;
  /** Tells the guest's pages their vouchers after some were spent. */
  vouchersChanged?: (guestId: number) => Promise<void>;
  /** Whether the performer has a toy now (spec 3 isDildocontrolAvailable). */
  withToys: (actorIds: readonly number[]) => Promise<Set<number>>;
  media?: MessengerMediaReads;
  /**
   * Recommendations with FSK-18 previews (spec 7 `fsk` 18): whether the guest's age check is accepted,
   * and the gallery's newest FSK-18 album cover per performer. Without both, every answer is FSK-16.
   */
  fsk18?: {
    isAgeVerified: (guestId: number) => Promise<boolean>;
    previews: (actorIds: readonly number[]) => Promise<Map<number, string>>;
  };
  now?: () => Date;
}

/** What the page asks `recommendations` for (spec 7: useGrid, fsk). */
export interface RecommendationsAsk {
  currentActorId: number | null;
  layout: MessengerRecommendationsLayout;
  /** The highest age rating of the preview pictures asked for. */
  fsk: 16 | 18;
}

export interface CallerContext {
  language: Language;
  country: Country;
}

const notFound = () => new AppError('MESSENGER_CHANNEL_NOT_FOUND', 'No such channel', 404);
const blockedError = () => new AppError('MESSENGER_CHANNEL_BLOCKED', 'This channel is blocked', 409);
const actorNotFound = () => new AppError('MESSENGER_ACTOR_NOT_FOUND', 'No such performer', 404);

/** A channel or message id of the contracts (a digit string) as a number; null when out of range. */
export function idOf(value: string): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const isBlocked = (row: ChannelRow) => row.blockedByGuest || row.blockedByActor;

const pricingOf = (row: ChannelRow, settings: SettingsRow) => ({
  isMessagingFree: settings.isMessagingFree,
  freeMessagesLeft: row.freeMessagesLeft,
  messagePriceCents: settings.messagePriceCents,
  multiChatPriceCents: settings.multichatPriceCents,
});

/** The text of a message as stored: trimmed, no control characters (tab and line breaks pass), not too long. */
export function cleanText(text: string): string {
  const trimmed = text.trim();
  const character = forbiddenCharacterOf(trimmed);
  if (character)
    throw new AppError('INVALID_CHARACTERS', `The text contains a control character (${character})`, 400);
  if ([...trimmed].length > MESSENGER_TEXT_MAX)
    throw new AppError('VALIDATION_ERROR', `A message has at most ${MESSENGER_TEXT_MAX} characters`, 400);
  return trimmed;
}

class Replay {
  constructor(readonly message: MessageRow) {}
}

export function createMessengerService(deps: MessengerServiceDeps) {
  const { db, wallet, bus, log } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createMessengerRepository(db);
  const guestListeners = new Set<(event: GuestMessageEvent) => void>();
  /** The language each guest's pages used last: events the performer causes are written in it. */
  const languages = new Map<number, Language>();
  const remember = (guestId: number, language: Language) => {
    if (languages.get(guestId) !== language) {
      if (languages.size > 50_000) languages.clear();
      languages.set(guestId, language);
    }
  };
  const languageOf = (guestId: number): Language => languages.get(guestId) ?? 'de';

  async function publish(guestId: number, event: GuestSocketEvent, actor?: ActorForMessenger): Promise<void> {
    await publishToGuest(
      bus,
      guestId,
      event,
      log,
      actor ? { bannedCountryCodes: actor.bannedCountryCodes } : undefined,
    );
  }

  async function giftNames(language: Language): Promise<Map<number, string>> {
    return new Map((await repository.gifts()).map((gift) => [gift.id, gift.name[language]]));
  }

  /** Channels as their guest sees them (one read per kind of fact for the whole list). */
  async function channelViews(rows: readonly ChannelRow[], language: Language): Promise<MessengerChannel[]> {
    if (rows.length === 0) return [];
    const actorIds = rows.map((row) => row.actorId);
    const [actors, settings, lastMessages, names, toys] = await Promise.all([
      deps.actors.actorsByIds(actorIds),
      repository.settingsOfMany(actorIds),
      repository.messagesByIds(
        rows.flatMap((row) => (row.lastMessageId === null ? [] : [row.lastMessageId])),
      ),
      giftNames(language),
      deps.withToys(actorIds),
    ]);
    const messages = new Map(lastMessages.map((message) => [message.id, message]));
    const at = now();
    return rows.map((row) =>
      channelView(
        row,
        {
          actor: actors.get(row.actorId),
          settings: settings.get(row.actorId) ?? FREE_SETTINGS(row.actorId),
          hasToy: toys.has(row.actorId),
          lastMessage: row.lastMessageId === null ? undefined : messages.get(row.lastMessageId),
          giftNames: names,
        },
        language,
        at,
      ),
    );
  }

  async function channelViewOf(row: ChannelRow, language: Language): Promise<MessengerChannel> {
    const [view] = await channelViews([row], language);
    if (!view) throw new Error('no channel view');
    return view;
  }

  async function messageViews(guestId: number, rows: readonly MessageRow[]): Promise<MessengerMessage[]> {
    const mediaIds = rows.flatMap((row) => (row.mediaId === null ? [] : [row.mediaId]));
    const media = mediaIds.length > 0 && deps.media ? await deps.media(guestId, mediaIds) : new Map();
    return rows.map((row) =>
      messageView(row, row.mediaId === null ? null : (media.get(row.mediaId) ?? null)),
    );
  }

  async function ownChannel(guestId: number, channelId: string): Promise<ChannelRow> {
    const id = idOf(channelId);
    const row = id === null ? undefined : await repository.channelOf(guestId, id);
    if (!row) throw notFound();
    return row;
  }

  async function unreadState(guestId: number, language: Language) {
    const [unreadTotal, navbarRows] = await Promise.all([
      repository.unreadTotal(guestId),
      repository.navbarChannels(guestId, MESSENGER_NAVBAR_CHANNELS),
    ]);
    return { unreadTotal, navbar: await channelViews(navbarRows, language) };
  }

  async function announceUnread(guestId: number, language: Language): Promise<number> {
    const state = await unreadState(guestId, language);
    await publish(guestId, { type: 'messengerUnread', ...state });
    return state.unreadTotal;
  }

  async function announceChannel(guestId: number, channel: MessengerChannel): Promise<void> {
    await publish(guestId, { type: 'channel', channel });
  }

  function runGuestListeners(event: GuestMessageEvent): void {
    for (const listener of guestListeners) {
      try {
        listener(event);
      } catch (error) {
        log.error({ err: error, channelId: event.channelId }, 'messenger guest-message listener failed');
      }
    }
  }

  // ------------------------------------------------------------------------------------- sending

  async function send(
    guestId: number,
    input: MessengerSend,
    caller: CallerContext,
  ): Promise<MessengerSendResult> {
    remember(guestId, caller.language);
    const channelId = idOf(input.channelId);
    if (channelId === null) throw notFound();
    const text = cleanText(input.data.text);
    const lines = input.includedGifts ?? [];
    if (text.length === 0 && lines.length === 0)
      throw new AppError('MESSENGER_EMPTY_MESSAGE', 'A message needs a text or a gift', 400);
    const key = input.idempotencyKey;
    const keyError = forbiddenCharacterOf(key);
    if (keyError)
      throw new AppError('INVALID_CHARACTERS', 'The idempotency key has a control character', 400);

    // Facts outside the transaction (other modules' reads): asked only when they matter.
    const channelBefore = await repository.channelOf(guestId, channelId);
    if (!channelBefore) throw notFound();
    const hasGifts = lines.length > 0;
    const [vip, inLiveChat, vouchers] = await Promise.all([
      hasGifts ? deps.isVip(guestId) : Promise.resolve(false),
      input.isVideochat === true ? deps.inLiveChat(guestId, channelBefore.actorId) : Promise.resolve(false),
      hasGifts ? deps.giftVouchers.count(guestId, channelBefore.actorId) : Promise.resolve(0),
    ]);
    const catalogue = hasGifts
      ? new Map(
          (await repository.giftsByIds(lines.map((line) => line.giftId))).map((gift) => [
            gift.id,
            { priceCents: gift.priceCents, active: gift.active, vip: gift.vip },
          ]),
        )
      : new Map();

    let outcome: {
      message: MessageRow;
      channel: ChannelRow;
      priceBefore: number;
      priceAfter: number;
      vouchersUsed: number;
    };
    try {
      outcome = await wallet.atomically(async (tx, ledger) => {
        const store = createMessengerRepository(tx);
        const channel = await store.lockChannel(guestId, channelId);
        if (!channel) throw notFound();
        // Checked after the lock: a parallel send under the same key has committed by now.
        const earlier = await store.messageByKey(guestId, key);
        if (earlier) throw new Replay(earlier);
        if (isBlocked(channel)) throw blockedError();
        const settings = await store.settingsOf(channel.actorId);
        const pricing = pricingOf(channel, settings);
        const priceBefore = nextMessagePriceCents(pricing);
        const text_ = textPrice(pricing, { isVideochat: input.isVideochat === true, inLiveChat });
        const owned = hasGifts
          ? await store.lockOwned(
              guestId,
              lines.map((line) => line.giftId),
            )
          : new Map();
        const gifts = giftsPrice(lines, { catalogue, owned, vouchers, isVip: vip });
        if (!gifts.ok) {
          throw gifts.code === 'MESSENGER_GIFT_VIP_ONLY'
            ? new AppError(gifts.code, 'This gift is for VIP members', 403)
            : new AppError(gifts.code, `No gift ${gifts.giftId}`, 404);
        }
        const hasText = text.length > 0;
        const total = messageTotalCents(hasText, text_, gifts);
        if (input.expectedPriceCents !== undefined && input.expectedPriceCents !== total)
          throw new AppError('MESSENGER_PRICE_CHANGED', 'The price of this message has changed', 409);
        const charge =
          total > 0
            ? await ledger.purchase(guestId, total, `message:${guestId}:${key}`, {
                kind: 'message',
                performerId: channel.actorId,
                reference: { channelId: String(channel.id), gifts: gifts.bought.size > 0 },
              })
            : null;
        for (const [giftId, quantity] of gifts.ownedUsed) await store.useOwned(guestId, giftId, quantity);
        const vouchersUsed =
          gifts.vouchersUsed > 0
            ? await deps.giftVouchers.useIn(tx, {
                guestId,
                actorId: channel.actorId,
                units: gifts.vouchersUsed,
                key: `message:${guestId}:${key}`,
              })
            : 0;
        // A voucher spent in between (another tab): the price was computed with it, so refuse.
        if (vouchersUsed < gifts.vouchersUsed)
          throw new AppError('MESSENGER_PRICE_CHANGED', 'The price of this message has changed', 409);
        const usedFreeMessage = hasText && text_.usesFreeMessage;
        const message = await store.insertMessage({
          channelId: channel.id,
          guestId,
          sender: 'guest',
          messageType: hasGifts ? 'new_gift' : 'text',
          text,
          gifts: lines.map((line) => ({ giftId: line.giftId, quantity: line.quantity })),
          priceCents: total,
          isVideochat: input.isVideochat === true,
          isFreechat: input.isFreechat === true,
          idempotencyKey: key,
          transferId: charge?.transferId ?? null,
          createdAt: now(),
        });
        const after = await store.afterGuestMessage(channel.id, message, usedFreeMessage);
        return {
          message,
          channel: after,
          priceBefore,
          priceAfter: nextMessagePriceCents(pricingOf(after, settings)),
          vouchersUsed,
        };
      });
    } catch (error) {
      if (error instanceof Replay) return answerReplay(guestId, input, error.message, caller.language);
      throw error;
    }

    const { message, channel } = outcome;
    const [channelView_, [messageView_], balanceCents, actors] = await Promise.all([
      channelViewOf(channel, caller.language),
      messageViews(guestId, [message]),
      wallet.guestBalance(guestId),
      deps.actors.actorsByIds([channel.actorId]),
    ]);
    if (!messageView_) throw new Error('no message view');
    const actor = actors.get(channel.actorId);
    await publish(guestId, { type: 'messengerMessage', message: messageView_, channel: channelView_ }, actor);
    if (outcome.priceAfter !== outcome.priceBefore)
      await publish(guestId, {
        type: 'messagePrice',
        channelId: String(channel.id),
        price: { value: outcome.priceAfter, currency: 'EUR' },
      });
    if (outcome.vouchersUsed > 0) await deps.vouchersChanged?.(guestId).catch(() => {});
    runGuestListeners({
      channelId: String(channel.id),
      guestId,
      actorId: channel.actorId,
      messageId: String(message.id),
      messageType: message.messageType === 'new_gift' ? 'new_gift' : 'text',
      text: message.text,
      language: caller.language,
    });
    return {
      message: messageView_,
      channel: channelView_,
      alreadySent: false,
      ...guestBalanceFields(balanceCents),
    };
  }

  async function answerReplay(
    guestId: number,
    input: MessengerSend,
    stored: MessageRow,
    language: Language,
  ): Promise<MessengerSendResult> {
    if (String(stored.channelId) !== input.channelId)
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for another message', 409);
    const row = await repository.channelOf(guestId, stored.channelId);
    if (!row) throw notFound();
    const [channel, [message], balanceCents] = await Promise.all([
      channelViewOf(row, language),
      messageViews(guestId, [stored]),
      wallet.guestBalance(guestId),
    ]);
    if (!message) throw new Error('no message view');
    return { message, channel, alreadySent: true, ...guestBalanceFields(balanceCents) };
  }

  // ------------------------------------------------------------------------------------- channels

  async function channelForActor(guestId: number, actorId: number, caller: CallerContext) {
    remember(guestId, caller.language);
    const actor = (await deps.actors.actorsByIds([actorId])).get(actorId);
    if (!actor || isBlockedIn(actor.bannedCountryCodes, caller.country)) throw actorNotFound();
    const existing = await repository.channelWith(guestId, actorId);
    if (existing) return { channel: await channelViewOf(existing, caller.language), created: false };
    const settings = await repository.settingsOf(actorId);
    const inserted = await repository.insertChannel(
      guestId,
      actorId,
      settings.isMessagingFree ? 0 : settings.freeMessages,
    );
    const row = inserted ?? (await repository.channelWith(guestId, actorId));
    if (!row) throw new Error('channel not created');
    const channel = await channelViewOf(row, caller.language);
    if (inserted) await announceChannel(guestId, channel);
    return { channel, created: inserted !== undefined };
  }

  async function listChannels(
    guestId: number,
    query: { filter: MessengerFilter; online: boolean; offset: number; limit: number },
    caller: CallerContext,
  ) {
    remember(guestId, caller.language);
    const { rows, total } = await repository.channels({ guestId, ...query, country: caller.country });
    return {
      channels: await channelViews(rows, caller.language),
      total,
      filterType: query.filter,
      online: query.online,
      offset: query.offset,
    };
  }

  async function conversation(
    guestId: number,
    channelId: string,
    before: string | undefined,
    language: Language,
  ) {
    remember(guestId, language);
    const row = await ownChannel(guestId, channelId);
    const beforeId = before === undefined ? undefined : (idOf(before) ?? undefined);
    const page = await repository.messagesOf(row.id, MESSENGER_MESSAGES_PAGE, beforeId);
    const [channel, messages] = await Promise.all([
      channelViewOf(row, language),
      messageViews(guestId, page.rows),
    ]);
    return { channel, messages, hasOlder: page.hasOlder };
  }

  async function touch(guestId: number, channelId: string, language: Language) {
    remember(guestId, language);
    const id = idOf(channelId);
    const before = id === null ? undefined : await repository.channelOf(guestId, id);
    if (!before || id === null) throw notFound();
    const row = await repository.touch(guestId, id, now());
    if (!row) throw notFound();
    const channel = await channelViewOf(row, language);
    await announceChannel(guestId, channel);
    const unreadTotal =
      before.unreadCount > 0
        ? await announceUnread(guestId, language)
        : await repository.unreadTotal(guestId);
    return { channel, unreadTotal };
  }

  async function allSeen(guestId: number, language: Language): Promise<void> {
    remember(guestId, language);
    const rows = await repository.allSeen(guestId, now());
    if (rows.length === 0) return;
    for (const channel of await channelViews(rows, language)) await announceChannel(guestId, channel);
    await announceUnread(guestId, language);
  }

  async function archive(guestId: number, channelId: string, archived: boolean, language: Language) {
    remember(guestId, language);
    const id = idOf(channelId);
    const row = id === null ? undefined : await repository.setGuestFlags(guestId, id, { archived });
    if (!row) throw notFound();
    const channel = await channelViewOf(row, language);
    await announceChannel(guestId, channel);
    return { channel };
  }

  async function block(guestId: number, channelId: string, blocked: boolean, language: Language) {
    remember(guestId, language);
    const id = idOf(channelId);
    const before = id === null ? undefined : await repository.channelOf(guestId, id);
    const row =
      id === null || !before
        ? undefined
        : await repository.setGuestFlags(guestId, id, { blockedByGuest: blocked });
    if (!row || !before) throw notFound();
    const channel = await channelViewOf(row, language);
    await announceChannel(guestId, channel);
    // A blocked channel's unread messages leave the total (and come back with the unblock).
    if (row.unreadCount > 0 && before.blockedByGuest !== blocked) await announceUnread(guestId, language);
    return { channel };
  }

  async function actor(guestId: number, actorId: number, caller: CallerContext): Promise<MessengerActor> {
    remember(guestId, caller.language);
    const found = (await deps.actors.actorsByIds([actorId])).get(actorId);
    if (!found || isBlockedIn(found.bannedCountryCodes, caller.country)) throw actorNotFound();
    const [settings, channel, toy] = await Promise.all([
      repository.settingsOf(actorId),
      repository.channelWith(guestId, actorId),
      deps.withToys([actorId]).then((owners) => owners.has(actorId)),
    ]);
    const freeMessagesLeft = channel ? channel.freeMessagesLeft : settings.freeMessages;
    const pricing = {
      isMessagingFree: settings.isMessagingFree,
      freeMessagesLeft,
      messagePriceCents: settings.messagePriceCents,
      multiChatPriceCents: settings.multichatPriceCents,
    };
    return {
      actorId,
      actorName: found.name,
      isActorOnline: found.isOnline,
      previewPictureUrl: found.previewPictureUrl,
      freeMessagesAmount: settings.isMessagingFree ? 0 : freeMessagesLeft,
      messagePrice: { value: nextMessagePriceCents(pricing), currency: 'EUR' },
      isMessagingFree: settings.isMessagingFree,
      multiChatPrice: { value: settings.multichatPriceCents, currency: 'EUR' },
      isDildocontrolAvailable: toy && !(channel && isBlocked(channel)),
      channelId: channel ? String(channel.id) : null,
    };
  }

  /**
   * Spec 7 `recommendations`: as many performers as the layout shows (spec 9: grid 8, slider 5, list 9),
   * online first; preview pictures up to the asked age rating, FSK-18 only past the guest's age check.
   */
  async function recommendations(guestId: number, ask: RecommendationsAsk, country: Country) {
    const [actors, adult] = await Promise.all([
      deps.actors.recommended(MESSENGER_RECOMMENDATIONS[ask.layout], ask.currentActorId, country),
      ask.fsk === 18 && deps.fsk18 ? deps.fsk18.isAgeVerified(guestId) : Promise.resolve(false),
    ]);
    const fsk: 16 | 18 = adult ? 18 : 16;
    const covers =
      fsk === 18 && deps.fsk18
        ? await deps.fsk18.previews(actors.map((a) => a.id))
        : new Map<number, string>();
    return {
      layout: ask.layout,
      fsk,
      actors: actors.map((found) => {
        const cover = covers.get(found.id);
        return {
          actorId: found.id,
          actorName: found.name,
          isActorOnline: found.isOnline,
          previewPictureUrl: cover
            ? `/media/w320/${encodeURIComponent(cover)}.webp`
            : found.previewPictureUrl,
          // Avatars are FSK-16 (spec 9).
          previewPictureAgeRating: cover ? (18 as const) : (16 as const),
        };
      }),
    };
  }

  async function giftsOf(guestId: number, language: Language) {
    const [rows, owned, vouchers] = await Promise.all([
      repository.gifts(),
      repository.ownedGifts(guestId),
      // Vouchers for any performer (a performer's own are counted in its channel's price).
      deps.giftVouchers.count(guestId, 0),
    ]);
    return {
      gifts: rows.map((row) => giftView(row, language)),
      boughtGifts: Object.fromEntries([...owned].map(([id, quantity]) => [String(id), quantity])),
      giftVouchers: vouchers,
    };
  }

  async function boughtGifts(guestId: number): Promise<Record<string, number>> {
    return Object.fromEntries([...(await repository.ownedGifts(guestId))].map(([id, n]) => [String(id), n]));
  }

  async function grantGifts(input: {
    guestId: number;
    giftId: number;
    quantity: number;
    reason?: string | undefined;
    idempotencyKey: string;
  }) {
    const gift = await repository.giftById(input.giftId);
    if (!gift) throw new AppError('MESSENGER_GIFT_NOT_FOUND', `No gift ${input.giftId}`, 404);
    const granted = await db.transaction(async (tx) => {
      const store = createMessengerRepository(tx);
      const earlier = await store.grantByKey(input.idempotencyKey);
      if (earlier) {
        if (
          earlier.guestId !== input.guestId ||
          earlier.giftId !== input.giftId ||
          earlier.quantity !== input.quantity
        )
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This key was used for another grant', 409);
        return false;
      }
      return store.grant({
        guestId: input.guestId,
        giftId: input.giftId,
        quantity: input.quantity,
        reason: input.reason ?? null,
        key: input.idempotencyKey,
      });
    });
    return {
      guestId: input.guestId,
      giftId: input.giftId,
      owned: await repository.ownedOne(input.guestId, input.giftId),
      granted,
    };
  }

  // ------------------------------------------------------------------------------ performer side

  /** A performer's key in the messages' (guest, key) scope, apart from the guest's own keys. */
  const performerKey = (key: string) => `performer:${key}`;

  /**
   * Stores a performer's message and delivers it (messengerMessage, channel, unread +1 to every page of
   * the guest). With `actorId` only into that performer's channel; with a key, once per channel.
   */
  async function writeActorMessage(
    input: ActorMessageInput & { actorId?: number; idempotencyKey?: string | undefined },
  ): Promise<PerformerMessageResult> {
    const channelId = idOf(input.channelId);
    if (channelId === null) return { status: 'notFound' };
    const text = input.text.trim();
    if (forbiddenCharacterOf(text))
      throw new AppError('INVALID_CHARACTERS', 'control character in a message', 400);
    const mediaId = input.mediaId == null ? null : idOf(input.mediaId);
    const key = input.idempotencyKey === undefined ? null : performerKey(input.idempotencyKey);
    const written = await db.transaction(async (tx) => {
      const store = createMessengerRepository(tx);
      const channel = await store.lockChannelById(channelId);
      if (!channel || (input.actorId !== undefined && channel.actorId !== input.actorId))
        return { status: 'notFound' as const };
      // Checked after the lock: a parallel send under the same key has committed by now.
      const earlier = key === null ? undefined : await store.messageByKey(channel.guestId, key);
      if (earlier)
        return earlier.channelId === channel.id && earlier.sender === 'actor'
          ? { status: 'resent' as const, message: earlier, channel }
          : { status: 'keyReused' as const };
      if (isBlocked(channel)) return { status: 'blocked' as const };
      const message = await store.insertMessage({
        channelId: channel.id,
        guestId: channel.guestId,
        sender: 'actor',
        messageType: input.messageType ?? (mediaId !== null ? 'media' : 'text'),
        text: text.slice(0, MESSENGER_TEXT_MAX),
        mediaId,
        idempotencyKey: key,
        createdAt: now(),
      });
      return {
        status: 'sent' as const,
        message,
        channel: await store.afterActorMessage(channel.id, message),
      };
    });
    if (written.status !== 'sent' && written.status !== 'resent') return written;
    const guestId = written.channel.guestId;
    const language = languageOf(guestId);
    const [channel, [message], actors] = await Promise.all([
      channelViewOf(written.channel, language),
      messageViews(guestId, [written.message]),
      deps.actors.actorsByIds([written.channel.actorId]),
    ]);
    if (!message) throw new Error('no message view');
    if (written.status === 'sent') {
      const about = actors.get(written.channel.actorId);
      await publish(guestId, { type: 'messengerMessage', message, channel }, about);
      await announceUnread(guestId, language);
    }
    return { status: written.status, message, guestId, language };
  }

  const actorSide: MessengerActorSide = {
    async postActorMessage(input) {
      const result = await writeActorMessage(input);
      return result.status === 'sent' ? result.message : null;
    },
    postPerformerMessage: writeActorMessage,
    async channelOfActor(actorId, channelId) {
      const id = idOf(channelId);
      const row = id === null ? undefined : await repository.channelById(id);
      return row && row.actorId === actorId
        ? { channelId: String(row.id), guestId: row.guestId, blocked: isBlocked(row) }
        : null;
    },
    async channelsOfActor(actorId, limit) {
      const rows = await repository.channelsOfActor(actorId, limit);
      const last = new Map(
        (
          await repository.messagesByIds(
            rows.flatMap((row) => (row.lastMessageId === null ? [] : [row.lastMessageId])),
          )
        ).map((message) => [message.id, message]),
      );
      return rows.map((row) => {
        const message = row.lastMessageId === null ? undefined : last.get(row.lastMessageId);
        return {
          channelId: String(row.id),
          guestId: row.guestId,
          blocked: isBlocked(row),
          lastMessage: message
            ? {
                id: String(message.id),
                senderType: message.sender as 'guest' | 'actor',
                messageType: message.messageType as MessengerMessage['messageType'],
                text: message.text,
                at: message.createdAt.toISOString(),
              }
            : null,
        };
      });
    },
    onGuestMessage(listener) {
      guestListeners.add(listener);
      return () => {
        guestListeners.delete(listener);
      };
    },
    async channelOf(guestId, channelId) {
      const id = idOf(channelId);
      const row = id === null ? undefined : await repository.channelOf(guestId, id);
      return row ? { channelId: String(row.id), actorId: row.actorId, blocked: isBlocked(row) } : null;
    },
    async postGuestAction(input) {
      const channelId = idOf(input.channelId);
      if (channelId === null) return null;
      const written = await db.transaction(async (tx) => {
        const store = createMessengerRepository(tx);
        const channel = await store.lockChannel(input.guestId, channelId);
        if (!channel || isBlocked(channel)) return null;
        const earlier = await store.messageByKey(input.guestId, input.idempotencyKey);
        if (earlier)
          return earlier.channelId === channel.id ? { message: earlier, channel, fresh: false } : null;
        const message = await store.insertMessage({
          channelId: channel.id,
          guestId: input.guestId,
          sender: 'guest',
          messageType: input.messageType,
          text: input.text,
          idempotencyKey: input.idempotencyKey,
          createdAt: now(),
        });
        return { message, channel: await store.afterGuestMessage(channel.id, message, false), fresh: true };
      });
      if (!written) return null;
      remember(input.guestId, input.language);
      const [channel, [message]] = await Promise.all([
        channelViewOf(written.channel, input.language),
        messageViews(input.guestId, [written.message]),
      ]);
      if (!message) return null;
      if (written.fresh) {
        await publish(input.guestId, { type: 'messengerMessage', message, channel });
        if (input.felt)
          runGuestListeners({
            channelId: message.channelId,
            guestId: input.guestId,
            actorId: written.channel.actorId,
            messageId: message.id,
            messageType: 'toy',
            text: input.text,
            language: input.language,
          });
      }
      return message;
    },
    async announceMediaMessage(guestId, channelId, mediaId) {
      const id = idOf(channelId);
      const media = idOf(mediaId);
      const row = id === null ? undefined : await repository.channelOf(guestId, id);
      const stored = row && media !== null ? await repository.messageOfMedia(row.id, media) : undefined;
      if (!row || !stored) return null;
      const [channel, [message]] = await Promise.all([
        channelViewOf(row, languageOf(guestId)),
        messageViews(guestId, [stored]),
      ]);
      if (!message) return null;
      await publish(guestId, { type: 'messengerMessage', message, channel });
      return message;
    },
  };

  return {
    send,
    channelForActor,
    listChannels,
    conversation,
    touch,
    allSeen,
    archive,
    block,
    actor,
    recommendations,
    gifts: giftsOf,
    boughtGifts,
    grantGifts,
    unreadState,
    /** The snapshot's part: the unread state in the language the guest's pages used last. */
    snapshotOf: (guestId: number) => unreadState(guestId, languageOf(guestId)),
    actorSide,
    /** The performer blocks or unblocks a channel (the performer's side; stops both directions). */
    async blockByActor(channelId: number, blocked: boolean) {
      const row = await repository.setBlockedByActor(channelId, blocked);
      if (!row) return null;
      const language = languageOf(row.guestId);
      await announceChannel(row.guestId, await channelViewOf(row, language));
      if (row.unreadCount > 0) await announceUnread(row.guestId, language);
      return row;
    },
  };
}

export type MessengerService = ReturnType<typeof createMessengerService>;
export type { MessengerRepository };
