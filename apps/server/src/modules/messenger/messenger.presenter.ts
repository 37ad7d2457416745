/**
 * What leaves the server of the messenger (issue 19; contracts messenger.ts): channels as their guest
 * sees them, messages, gifts. Never a row as it is.
 */
import { LANGUAGES, type Language } from '@vela/contracts/common';
import type {
  MessengerChannel,
  MessengerGift,
  MessengerMedia,
  MessengerMessage,
} from '@vela/contracts/messenger';
import { textPrice } from '@vela/domain/messenger-pricing';
import type { ActorForMessenger } from '../catalog/actor-messenger.ts';
import type { ChannelRow, GiftRow, MessageRow, SettingsRow } from './messenger.repository.ts';

const SUBJECT_MAX = 80;

/** "5 min ago" in the page's language (Intl: the four languages without a catalogue). */
export function sentDiffForHumans(at: Date | null, now: Date, language: Language): string {
  if (!at) return '';
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(0, 'second');
  if (abs < 3600) return format.format(Math.trunc(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.trunc(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return format.format(Math.trunc(seconds / 86_400), 'day');
  if (abs < 365 * 86_400) return format.format(Math.trunc(seconds / (30 * 86_400)), 'month');
  return format.format(Math.trunc(seconds / (365 * 86_400)), 'year');
}

/** The list's line of a message: its text shortened, or the first gift's name. */
export function subjectOf(message: MessageRow | undefined, giftNames: ReadonlyMap<number, string>): string {
  if (!message) return '';
  const text = message.text.replace(/\s+/g, ' ').trim();
  if (text.length > 0) return text.length > SUBJECT_MAX ? `${text.slice(0, SUBJECT_MAX - 1)}…` : text;
  const first = message.gifts[0];
  return first ? (giftNames.get(first.giftId) ?? '') : '';
}

const price = (cents: number) => ({ value: cents, currency: 'EUR' as const });

export interface ChannelFacts {
  actor: ActorForMessenger | undefined;
  settings: SettingsRow;
  hasToy: boolean;
  lastMessage: MessageRow | undefined;
  giftNames: ReadonlyMap<number, string>;
}

export function channelView(
  row: ChannelRow,
  facts: ChannelFacts,
  language: Language,
  now: Date,
): MessengerChannel {
  const { actor, settings } = facts;
  const blocked = row.blockedByGuest || row.blockedByActor;
  const pricing = {
    isMessagingFree: settings.isMessagingFree,
    freeMessagesLeft: row.freeMessagesLeft,
    messagePriceCents: settings.messagePriceCents,
    multiChatPriceCents: settings.multichatPriceCents,
  };
  return {
    id: String(row.id),
    channelId: String(row.id),
    actorId: row.actorId,
    actorName: actor?.name ?? '',
    actorAge: actor?.age ?? null,
    isActorOnline: actor?.isOnline ?? false,
    status: blocked ? 'blocked' : row.archived ? 'archived' : 'open',
    unread: row.unreadCount > 0,
    unreadCount: row.unreadCount,
    archived: row.archived,
    blocked: row.blockedByGuest,
    messageTimestamp: row.lastMessageAt?.toISOString() ?? null,
    lastViewedTimestamp: row.lastViewedAt?.toISOString() ?? null,
    lastMessageId: row.lastMessageId === null ? null : String(row.lastMessageId),
    subject: subjectOf(facts.lastMessage, facts.giftNames),
    sentDiffForHumans: sentDiffForHumans(row.lastMessageAt, now, language),
    freeMessagesAmount: settings.isMessagingFree ? 0 : row.freeMessagesLeft,
    messagePrice: price(textPrice(pricing).cents),
    isMessagingFree: settings.isMessagingFree,
    multiChatPrice: price(settings.multichatPriceCents),
    canVoyeurChat: actor?.isVoyeurChatAvailable ?? false,
    isVoyeurInSingleChatAllowed: false,
    isDildocontrolAvailable: facts.hasToy && !blocked,
    freeChat: actor?.freeChat ?? false,
    previewPictureUrl: actor?.previewPictureUrl ?? null,
  };
}

export function messageView(row: MessageRow, media: MessengerMedia | null): MessengerMessage {
  return {
    id: String(row.id),
    channelId: String(row.channelId),
    messageType: row.messageType as MessengerMessage['messageType'],
    senderType: row.sender as MessengerMessage['senderType'],
    text: row.text,
    includedGifts: row.gifts.map((line) => ({ giftId: line.giftId, quantity: line.quantity })),
    media,
    priceCents: row.priceCents,
    isVideochat: row.isVideochat,
    isFreechat: row.isFreechat,
    createdAt: row.createdAt.toISOString(),
  };
}

export const giftImageUrl = (row: GiftRow) => `/media/w320/${encodeURIComponent(row.imageKey)}.webp`;

export function giftView(row: GiftRow, language: Language): MessengerGift {
  return {
    id: row.id,
    name: row.name[language],
    price: price(row.priceCents),
    imageUrl: giftImageUrl(row),
    active: row.active,
    vip: row.vip,
    categoryId: row.categoryId,
    translations: LANGUAGES.map((lang) => ({ language: lang, name: 'name', value: row.name[lang] })),
  };
}
