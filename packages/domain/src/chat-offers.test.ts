import { describe, expect, it } from 'vitest';
import { chatOffers } from './chat-offers.ts';
import { DEFAULT_CHAT_SESSION_SETTINGS, decideChatStart } from './chat-session.ts';
import { type ActorChatData, CHAT_TYPES } from './chat-types.ts';
import { VISITOR } from './restrictions.ts';

const PAID = ['livechat', 'video-call', 'live-show', 'voyeur-chat', 'voyeur-private-chat'] as const;

/** Every price different, so a test can tell which one an offer carries. */
const actor: ActorChatData = {
  isOnline: true,
  freeChat: false,
  isLivePreviewEnabled: true,
  isVoyeurChatAvailable: true,
  bannedCountryCodes: ['DE'],
  prices: { single: 199, singlec2c: 249, voyeur: 99, video: 399 },
  multiChatPrice: 79,
  singleC2CChatPrice: 249,
};

describe('chat offers of a performer (the live page start area)', () => {
  it('a free performer offers livechat, video call, live show and voyeur chat at their actor prices', () => {
    expect(chatOffers(actor, false, PAID)).toEqual([
      { type: 'livechat', pricePerMinuteCents: 199 },
      { type: 'video-call', pricePerMinuteCents: 249 },
      { type: 'live-show', pricePerMinuteCents: 79 },
      { type: 'voyeur-chat', pricePerMinuteCents: 99 },
    ]);
  });

  it('a performer in a single chat offers only the voyeur private chat (watching that chat)', () => {
    expect(chatOffers(actor, true, PAID)).toEqual([{ type: 'voyeur-private-chat', pricePerMinuteCents: 99 }]);
  });

  it('without isVoyeurChatAvailable no voyeur chat is offered; offline nothing is', () => {
    const noVoyeur = { ...actor, isVoyeurChatAvailable: false };
    expect(chatOffers(noVoyeur, false, PAID).map((o) => o.type)).toEqual([
      'livechat',
      'video-call',
      'live-show',
    ]);
    expect(chatOffers(noVoyeur, true, PAID)).toEqual([]);
    expect(chatOffers({ ...actor, isOnline: false }, false, PAID)).toEqual([]);
  });

  it('offers exactly what decideChatStart lets a verified, funded guest start (every type, flag and single state)', () => {
    const guest = { ...VISITOR, isLoggedIn: true, hasAvs: true };
    for (const isOnline of [true, false])
      for (const isVoyeurChatAvailable of [true, false])
        for (const freeChat of [true, false])
          for (const performerInSingle of [true, false]) {
            const a = { ...actor, isOnline, isVoyeurChatAvailable, freeChat };
            const offered = chatOffers(a, performerInSingle, CHAT_TYPES).map((o) => o.type);
            const startable = CHAT_TYPES.filter(
              (type) =>
                decideChatStart(
                  {
                    type,
                    guest,
                    guestCountry: 'NL',
                    actor: a,
                    streamIsFsk18: true,
                    performerInSingle,
                    balanceCents: 10_000,
                    voucherMinutes: 0,
                    freeChatMsLeft: 60_000,
                    previewUnitsUsed: 0,
                  },
                  DEFAULT_CHAT_SESSION_SETTINGS,
                ).ok,
            );
            expect(offered).toEqual(startable);
          }
  });
});
