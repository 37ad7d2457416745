/**
 * What of a live session leaves the server on the guest's socket (decision 0038 part 3): the
 * engine's `publishMeter` and `notifyChatEnd` effects as the `liveMeter` and `chatEnd` events of
 * @vela/contracts/socket, and the REST answers of contracts live.ts (the start, the session view, the
 * receipt). Money leaves in coins: amounts spent and prices round up
 * (`coinsForEuroCents`), a balance rounds down (`coinBalanceOf`, the one producer of balances).
 */

import type { LiveActorChatTypes, LiveReceipt, LiveSessionView, LiveStartAnswer } from '@vela/contracts/live';
import type { LiveTip } from '@vela/contracts/live-interaction';
import type { ServerMessageOf } from '@vela/contracts/socket';
import type { ChatOffer } from '@vela/domain/chat-offers';
import type { ChatSessionEffect, ChatSessionState } from '@vela/domain/chat-session';
import { CHAT_TYPE_RULES } from '@vela/domain/chat-types';
import { coinBalanceOf } from '@vela/domain/coin-balance';
import { coinsForEuroCents } from '@vela/domain/coins';
import { receiptCoinLines } from '@vela/domain/receipt-coins';
import type { LiveMessageRow, LiveMinuteRow, LiveSessionRow } from './live.repository.ts';
import type { LiveStarted } from './live.service.ts';

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

/** The start answer (contracts LiveStartAnswer): the price per minute in coins, rounded up. */
export function liveStartAnswer(started: LiveStarted): LiveStartAnswer {
  return {
    sessionId: started.sessionId,
    type: started.type,
    status: started.status,
    pricePerMinute: coins(coinsForEuroCents(started.pricePerMinuteCents)),
    voucherMinutes: started.voucherMinutes,
    actor: started.actor,
    allowanceMs: started.allowanceMs,
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The session view of a reload (contracts LiveSessionView): the state, the last messages, the meter. */
export function liveSessionView(view: {
  row: LiveSessionRow;
  state: ChatSessionState;
  messages: LiveMessageRow[];
  deliveredMs: number;
  tips?: LiveTip[];
}): LiveSessionView {
  const { row, state } = view;
  return {
    ...liveStartAnswer({
      ok: true,
      sessionId: row.id,
      type: row.type as LiveStartAnswer['type'],
      status: state.status,
      pricePerMinuteCents: state.pricePerMinuteCents,
      voucherMinutes: state.voucherMinutes,
      actor: { id: state.actorId, name: state.actorName },
      allowanceMs: state.allowanceMs,
    }),
    exitCode: state.exitCode,
    startedAt: row.createdAt.toISOString(),
    endedAt: iso(state.endedAt),
    messages: view.messages.map((message) => ({
      messageId: message.messageId,
      from: message.sender as 'guest' | 'performer',
      text: message.text,
      at: message.at.toISOString(),
    })),
    meter: {
      minutes: state.minutesBilled,
      spent: coins(coinsForEuroCents(state.spentCents)),
      balance: coins(coinBalanceOf(state.balanceCents).coins),
      voucherMinutesUsed: state.voucherMinutesUsed,
      deliveredMs: Math.floor(view.deliveredMs),
    },
    rating: (row.rating as LiveSessionView['rating']) ?? null,
    ...(view.tips ? { tips: view.tips } : {}),
  };
}

/**
 * The receipt (contracts LiveReceipt): every settled minute; the total rounds up once, as chatEnd,
 * and the lines' whole coins add up to it (`receiptCoinLines`: each line is the running total's coins
 * minus the ones before), with the cents the ledger moved on each line.
 */
export function liveReceipt(receipt: {
  row: LiveSessionRow;
  state: ChatSessionState;
  minutes: LiveMinuteRow[];
  tips?: LiveTip[];
}): LiveReceipt {
  const { row, state } = receipt;
  const cents = receipt.minutes.reduce((sum, minute) => sum + minute.cents, 0);
  const lineCoins = receiptCoinLines(receipt.minutes.map((minute) => minute.cents));
  return {
    sessionId: row.id,
    type: row.type as LiveReceipt['type'],
    actor: { id: state.actorId, name: state.actorName },
    status: state.status,
    exitCode: state.exitCode,
    pricePerMinute: coins(coinsForEuroCents(state.pricePerMinuteCents)),
    minutes: receipt.minutes.map((minute, i) => ({
      index: minute.minuteIndex,
      partial: minute.partial,
      paidWith: minute.paidWith as 'coins' | 'voucher',
      price: coins(lineCoins[i] ?? 0),
      cents: minute.cents,
    })),
    totals: {
      minutes: receipt.minutes.length,
      voucherMinutes: receipt.minutes.filter((minute) => minute.paidWith === 'voucher').length,
      price: coins(coinsForEuroCents(cents)),
      cents,
    },
    ...(receipt.tips ? { tips: receipt.tips } : {}),
  };
}

/** `GET live/actors/:actorId/chat-types`: the offers with their prices in coins (rounded up). */
export function liveChatTypes(result: {
  actor: { id: number; chat: { isOnline: boolean } };
  performerInSingle: boolean;
  offers: readonly ChatOffer[];
}): LiveActorChatTypes {
  return {
    actorId: result.actor.id,
    isOnline: result.actor.chat.isOnline,
    performerInSingle: result.performerInSingle,
    offers: result.offers.map((offer) => ({
      type: offer.type as LiveActorChatTypes['offers'][number]['type'],
      pricePerMinute: coins(coinsForEuroCents(offer.pricePerMinuteCents)),
      guestCamera: CHAT_TYPE_RULES[offer.type].guestCamera,
    })),
  };
}
