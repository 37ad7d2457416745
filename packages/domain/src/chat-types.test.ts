import { describe, expect, it } from 'vitest';
import {
  type ActorChatData,
  CHAT_TYPE_RULES,
  CHAT_TYPES,
  type ChatType,
  chatPricePerMinute,
  isChatType,
  isChatTypeOffered,
  voucherChatMinutesFor,
} from './chat-types.ts';
import type { VoucherLot } from './vouchers.ts';

/** Every price field different, so a test can tell which one a chat reads. */
const actor: ActorChatData = {
  isOnline: true,
  freeChat: false,
  isLivePreviewEnabled: true,
  isVoyeurChatAvailable: true,
  bannedCountryCodes: [],
  prices: { single: 199, singlec2c: 249, voyeur: 99, video: 399 },
  multiChatPrice: 79,
  singleC2CChatPrice: 249,
};

describe('chat types (spec 1)', () => {
  it("are the seven live chat types of spec 1: livechat, voyeur chat, free chat, live preview, voyeur private chat, video call, live show (and a cam show's ticket-show and a voice call's video, issue 18)", () => {
    expect([...CHAT_TYPES]).toEqual([
      'livechat',
      'voyeur-chat',
      'free-chat',
      'live-preview',
      'voyeur-private-chat',
      'video-call',
      'live-show',
      'ticket-show',
      'voice-call',
    ]);
    expect(isChatType('video-call')).toBe(true);
    expect(isChatType('single')).toBe(false);
  });
});

describe('the voice call flavour (spec 4 "Anonymous voice call: result code 2000 starts a server-mode live chat")', () => {
  it('costs nothing per minute in the engine (the phone bill pays), is exclusive and needs no performer accept', () => {
    const rule = CHAT_TYPE_RULES['voice-call'];
    expect(chatPricePerMinute('voice-call', actor)).toBe(0);
    expect(rule).toMatchObject({
      exclusive: true,
      needsPerformerAccept: false,
      vouchersPay: false,
      isVoyeur: false,
    });
  });
});

describe('price per minute from the actor data (spec 3)', () => {
  it.each<[ChatType, number, string]>([
    ['livechat', 199, 'prices.single'],
    ['video-call', 249, 'singleC2CChatPrice'],
    ['live-show', 79, 'multiChatPrice'],
    ['voyeur-chat', 99, 'prices.voyeur'],
    ['voyeur-private-chat', 99, 'prices.voyeur'],
    ['free-chat', 0, 'free'],
    ['live-preview', 0, 'free'],
  ])('%s costs %i cents a minute (%s)', (type, cents, field) => {
    expect(chatPricePerMinute(type, actor)).toBe(cents);
    expect(CHAT_TYPE_RULES[type].priceField ?? 'free').toBe(field);
  });

  it('prices.video (the video price the profile shows in coins) is no chat price', () => {
    const dearVideos = { ...actor, prices: { ...actor.prices, video: 99_999 } };
    for (const type of CHAT_TYPES) {
      expect(chatPricePerMinute(type, dearVideos)).toBe(chatPricePerMinute(type, actor));
    }
  });

  it('a price that is not whole non-negative cents is refused', () => {
    expect(() =>
      chatPricePerMinute('livechat', { ...actor, prices: { ...actor.prices, single: 1.5 } }),
    ).toThrow(RangeError);
    expect(() => chatPricePerMinute('live-show', { ...actor, multiChatPrice: -1 })).toThrow(RangeError);
  });

  it('chat-minute vouchers pay the conversations (livechat, video call), not watching', () => {
    const paidByVouchers = CHAT_TYPES.filter((type) => CHAT_TYPE_RULES[type].vouchersPay);
    expect(paidByVouchers).toEqual(['livechat', 'video-call']);
  });

  it('voyeurs and previews only watch (chatEnd isVoyeur); video call sends the guest camera (cam2cam)', () => {
    expect(CHAT_TYPES.filter((type) => CHAT_TYPE_RULES[type].isVoyeur)).toEqual([
      'voyeur-chat',
      'live-preview',
      'voyeur-private-chat',
    ]);
    expect(CHAT_TYPES.filter((type) => CHAT_TYPE_RULES[type].guestCamera)).toEqual(['video-call']);
  });
});

describe('which performer offers which chat (spec 3 flags)', () => {
  it('free chat needs freeChat, live preview isLivePreviewEnabled, voyeur chats isVoyeurChatAvailable', () => {
    const none = { ...actor, freeChat: false, isLivePreviewEnabled: false, isVoyeurChatAvailable: false };
    const all = { ...actor, freeChat: true, isLivePreviewEnabled: true, isVoyeurChatAvailable: true };
    expect(CHAT_TYPES.filter((type) => isChatTypeOffered(type, none))).toEqual([
      'livechat',
      'video-call',
      'live-show',
      // A ticket show needs no actor flag: the running show and the guest's ticket decide (ticket-show.ts).
      'ticket-show',
      // A voice call's video needs none either: the running call decides (decision 0051).
      'voice-call',
    ]);
    expect(CHAT_TYPES.filter((type) => isChatTypeOffered(type, all))).toEqual([...CHAT_TYPES]);
  });
});

describe('voucherChatMinutes (spec 3; voucher type 2 videochat)', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const lot = (over: Partial<VoucherLot>): VoucherLot => ({
    id: 1,
    type: 2,
    actorId: null,
    remaining: 1,
    expiresAt: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    ...over,
  });

  it('counts the usable type 2 units for this performer or any performer, one unit = one minute', () => {
    const lots = [
      lot({ id: 1, remaining: 3 }),
      lot({ id: 2, remaining: 5, actorId: 7 }),
      lot({ id: 3, remaining: 4, actorId: 8 }),
      lot({ id: 4, remaining: 9, type: 1 }),
      lot({ id: 5, remaining: 2, expiresAt: new Date('2026-11-26T11:59:59Z') }),
    ];
    expect(voucherChatMinutesFor(lots, 7, now)).toBe(8);
    expect(voucherChatMinutesFor(lots, 9, now)).toBe(3);
    expect(voucherChatMinutesFor([], 7, now)).toBe(0);
  });
});
