/**
 * What of a live session leaves the server on the guest's socket (decision 0038 part 3): the
 * engine's `publishMeter` and `notifyChatEnd` effects as the `liveMeter` and `chatEnd` events of
 * @vela/contracts/socket. Money leaves in coins: amounts spent and prices round up
 * (`coinsForEuroCents`), a balance rounds down (`coinBalanceOf`, the one producer of balances).
 */
import type { ServerMessageOf } from '@vela/contracts/socket';
import type { ChatSessionEffect } from '@vela/domain/chat-session';
import { coinBalanceOf } from '@vela/domain/coin-balance';
import { coinsForEuroCents } from '@vela/domain/coins';

type Effect<T extends ChatSessionEffect['type']> = Extract<ChatSessionEffect, { type: T }>;

const coins = (value: number) => ({ value, currency: 'VXC' as const });

export function liveMeterEvent(effect: Effect<'publishMeter'>): ServerMessageOf<'liveMeter'> {
  return {
    type: 'liveMeter',
    sessionId: effect.sessionId,
    minutes: effect.minutesBilled,
    spent: coins(coinsForEuroCents(effect.spentCents)),
    balance: coins(coinBalanceOf(effect.balanceCents).coins),
  };
}

export function chatEndEvent(effect: Effect<'notifyChatEnd'>): ServerMessageOf<'chatEnd'> {
  const { chatId, priceCents, actorId, actorName, isVoyeur, isToyControl } = effect.chatEnd;
  return {
    type: 'chatEnd',
    chatId,
    price: coins(coinsForEuroCents(priceCents)),
    actorId,
    actorName,
    isVoyeur,
    isToyControl,
  };
}
