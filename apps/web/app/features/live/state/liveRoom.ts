/**
 * The live page's state (issue 16, decision 0038 part 6), a pure reducer: starting a chat, its
 * refusals, the running chat (messages, meter, the delivered time the page counts while the video
 * plays) and its end (exit code, receipt). Socket messages and REST answers become events here, so
 * the order they arrive in does not matter: a second `liveEnded`, a message echoed back to the page
 * that sent it or a meter of another session changes nothing.
 */
import type { Price } from '@vela/contracts/common';
import type {
  LiveChatMessage,
  LiveChatType,
  LiveReceipt,
  LiveSessionStatus,
  LiveSessionView,
  LiveStartAnswer,
  LiveStartRefusalCode,
} from '@vela/contracts/live';
import type { ChatLine } from '../components/ChatPanel.tsx';
import type { MeterReading } from '../components/CostMeter.tsx';
import type { ReceiptState } from '../components/Receipt.tsx';

/** What the page says about a refused start; `money` opens the not-enough-money dialog. */
export type Refusal = 'money' | 'busy' | 'offline' | 'country' | 'in-chat' | 'failed';

export interface LiveSession {
  sessionId: string;
  /** The chat type (a video call sends the guest's camera; a voyeur does not write; a voice call's video). */
  type: LiveChatType | 'voice-call';
  actorName: string;
  pricePerMinute: Price;
  /** A free preview's or free chat's allowance of delivered media, ms; null for a paid chat. */
  allowanceMs: number | null;
}

interface Running {
  session: LiveSession;
  status: LiveSessionStatus;
  lines: ChatLine[];
  meter: MeterReading;
  /** Delivered time counted before `playingSince`. */
  deliveredMs: number;
  /** When the video last started playing (page clock), null while it does not play. */
  playingSince: number | null;
}

export type RoomState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'refused'; refusal: Refusal }
  | ({ phase: 'live' } & Running)
  | ({ phase: 'ended'; exitCode: number; receipt: ReceiptState } & Running);

export type RoomEvent =
  | { type: 'startRequested' }
  | { type: 'started'; answer: LiveStartAnswer; balance: Price }
  | { type: 'refused'; refusal: Refusal }
  | {
      type: 'resumed';
      view: LiveSessionView;
      now: number;
      /** Tips and toy actions as chat lines (issue 18), placed among the messages by time. */
      events?: readonly { at: string; line: ChatLine }[];
    }
  | { type: 'event'; sessionId: string; line: ChatLine }
  | { type: 'message'; sessionId: string; message: Pick<LiveChatMessage, 'messageId' | 'from' | 'text'> }
  | { type: 'meter'; sessionId: string; meter: MeterReading }
  | { type: 'playing'; playing: boolean; now: number }
  | { type: 'status'; sessionId: string; status: LiveSessionStatus; exitCode: number | null; now: number }
  | { type: 'ended'; sessionId: string; exitCode: number; now: number }
  | { type: 'receipt'; sessionId: string; receipt: ReceiptState }
  | { type: 'dismissed' };

export const IDLE: RoomState = { phase: 'idle' };

/** The delivered time (ms) at `now`. */
export function deliveredAt(state: Running, now: number): number {
  return state.deliveredMs + (state.playingSince === null ? 0 : Math.max(0, now - state.playingSince));
}

/** The receipt view of the server's receipt. */
export function receiptStateOf(receipt: LiveReceipt): ReceiptState {
  return {
    status: 'ready',
    lines: receipt.minutes,
    ...(receipt.tips ? { tips: receipt.tips } : {}),
    total: receipt.totals.price,
    totalCents: receipt.totals.cents,
  };
}

function ofSession(state: RoomState, sessionId: string): state is Extract<RoomState, Running> {
  return (state.phase === 'live' || state.phase === 'ended') && state.session.sessionId === sessionId;
}

function stopClock<S extends Running>(state: S, now: number): S {
  return { ...state, deliveredMs: deliveredAt(state, now), playingSince: null };
}

function end(state: Extract<RoomState, Running>, exitCode: number, now: number): RoomState {
  if (state.phase === 'ended') return state;
  return {
    ...stopClock(state, now),
    phase: 'ended',
    status: 'ended',
    exitCode,
    receipt: { status: 'loading' },
  };
}

export function reduceRoom(state: RoomState, event: RoomEvent): RoomState {
  switch (event.type) {
    case 'startRequested':
      return state.phase === 'live' ? state : { phase: 'starting' };
    case 'started': {
      if (state.phase === 'live' && state.session.sessionId === event.answer.sessionId) return state;
      return {
        phase: 'live',
        session: {
          sessionId: event.answer.sessionId,
          type: event.answer.type,
          actorName: event.answer.actor.name,
          pricePerMinute: event.answer.pricePerMinute,
          allowanceMs: event.answer.allowanceMs ?? null,
        },
        status: event.answer.status,
        lines: [],
        meter: { minutes: 0, spent: { value: 0, currency: 'VXC' }, balance: event.balance },
        deliveredMs: 0,
        playingSince: null,
      };
    }
    case 'refused':
      return state.phase === 'starting' ? { phase: 'refused', refusal: event.refusal } : state;
    case 'resumed': {
      const { view } = event;
      const running: Running = {
        session: {
          sessionId: view.sessionId,
          type: view.type,
          actorName: view.actor.name,
          pricePerMinute: view.pricePerMinute,
          allowanceMs: view.allowanceMs ?? null,
        },
        status: view.status,
        lines: [
          ...view.messages.map((m) => ({ at: m.at, line: { id: m.messageId, from: m.from, text: m.text } })),
          ...(event.events ?? []),
        ]
          .sort((a, b) => a.at.localeCompare(b.at))
          .map(({ line }) => line),
        meter: { minutes: view.meter.minutes, spent: view.meter.spent, balance: view.meter.balance },
        deliveredMs: view.meter.deliveredMs,
        playingSince: null,
      };
      if (view.status === 'ended' || view.status === 'ending')
        return end({ ...running, phase: 'live' }, view.exitCode ?? 105, event.now);
      return { phase: 'live', ...running };
    }
    case 'message': {
      if (!ofSession(state, event.sessionId)) return state;
      if (state.lines.some((line) => line.id === event.message.messageId)) return state;
      const { messageId, from, text } = event.message;
      return { ...state, lines: [...state.lines, { id: messageId, from, text }] };
    }
    case 'event':
      if (!ofSession(state, event.sessionId)) return state;
      if (state.lines.some((line) => line.id === event.line.id)) return state;
      return { ...state, lines: [...state.lines, event.line] };
    case 'meter':
      return ofSession(state, event.sessionId) ? { ...state, meter: event.meter } : state;
    case 'playing':
      if (state.phase !== 'live') return state;
      if (event.playing) return state.playingSince === null ? { ...state, playingSince: event.now } : state;
      return stopClock(state, event.now);
    case 'status': {
      if (!ofSession(state, event.sessionId) || state.phase === 'ended') return state;
      if (event.status === 'ended' || event.status === 'ending')
        return event.exitCode === null
          ? { ...state, status: event.status }
          : end(state, event.exitCode, event.now);
      return { ...state, status: event.status };
    }
    case 'ended':
      return ofSession(state, event.sessionId) ? end(state, event.exitCode, event.now) : state;
    case 'receipt':
      return ofSession(state, event.sessionId) && state.phase === 'ended'
        ? { ...state, receipt: event.receipt }
        : state;
    case 'dismissed':
      return state.phase === 'live' ? state : IDLE;
  }
}

/** The page's answer to a refused start code (live.ts LIVE_START_REFUSAL_CODES); login and age check open their dialogs. */
export function refusalOf(code: string): Refusal {
  return REFUSALS[code as LiveStartRefusalCode] ?? 'failed';
}

const REFUSALS: Partial<Record<LiveStartRefusalCode, Refusal>> = {
  NOT_ENOUGH_MONEY: 'money',
  PERFORMER_IN_SINGLE: 'busy',
  PERFORMER_OFFLINE: 'offline',
  CHAT_TYPE_NOT_OFFERED: 'offline',
  ACTOR_BLOCKED_IN_COUNTRY: 'country',
  GUEST_IN_CHAT: 'in-chat',
};
