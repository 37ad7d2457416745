/**
 * What the page's socket says about the logged-in guest's voice call (decision 0051), in arrival
 * order: the snapshot of every `ackSession` (the running call or null; a visitor's snapshot is null and
 * says nothing), `voicecallStart` and `voicecallStop`. VoiceCallMount (in the first load) follows it
 * from before the socket's first connection, so a call starting while the page loads is never missed;
 * the slot (loaded after idle) acts on it. Types only: nothing of the contract's schemas.
 */
import type { ServerMessageOf } from '@vela/contracts/socket';
import type { VoiceCallView } from '@vela/contracts/voicecall';

export interface VoiceCallSocketState {
  /** The guest's running call as the socket last named it (snapshot or start); null: none known. */
  call: VoiceCallView | null;
  /** The call started while this page's socket was open (`voicecallStart`): the page follows it. */
  startedHere: boolean;
  /**
   * The hash of the last call the socket said ended: its `voicecallStop` (also the anonymous caller's,
   * on the stand-in's channel), or a reconnect's snapshot without the call the page knew.
   */
  stopped: string | null;
}

export type VoiceCallSocketMessage =
  | ServerMessageOf<'ackSession'>
  | ServerMessageOf<'voicecallStart'>
  | ServerMessageOf<'voicecallStop'>;

export const NO_SOCKET_CALL: VoiceCallSocketState = { call: null, startedHere: false, stopped: null };

export function reduceVoiceCallSocket(
  state: VoiceCallSocketState,
  message: VoiceCallSocketMessage,
): VoiceCallSocketState {
  switch (message.type) {
    case 'ackSession': {
      // A visitor's socket (no snapshot) or a server without the part: nothing learnt.
      const next = message.snapshot?.voiceCall;
      if (next === undefined) return state;
      if (next === null) {
        const known = state.call?.voicecallIdHash;
        // The call the page knew ended while the socket was away.
        return known && state.stopped !== known ? { ...state, stopped: known } : state;
      }
      if (next.voicecallIdHash === state.call?.voicecallIdHash) return state;
      return { ...state, call: next, startedHere: false };
    }
    case 'voicecallStart':
      return {
        ...state,
        call: {
          voicecallIdHash: message.voicecallIdHash,
          actorId: message.actorId,
          actorName: message.actorName,
          startedAt: new Date().toISOString(),
          centsPerMinute: 0,
          liveSessionId: null,
        },
        startedHere: true,
      };
    case 'voicecallStop':
      return state.stopped === message.voicecallIdHash
        ? state
        : { ...state, stopped: message.voicecallIdHash };
  }
}
