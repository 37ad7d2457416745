/**
 * The performer side as the live module sees it (issue 16, decision 0038 part 7): where a guest's chat
 * request, messages and the session's end go. The implementation (live.performer.ts) queues them for
 * the performer API (`/rest/v1/performer/…` and the performer socket), which a real performer app and
 * the demo's activity simulator use alike. The performer's answers come back into the live service as
 * session events (`performerAccepted`, `performerDeclined`, `message`, `performerKick`, …).
 */
import type { Language } from '@vela/contracts/common';
import type { PerformerInteraction } from './interaction/interaction.service.ts';

export interface ChatRequestForPerformer {
  sessionId: string;
  actorId: number;
  guestId: number;
  /** The guest's display name as performers see it. */
  guestName: string;
  /** The guest's language: the simulator answers in it. */
  language: Language;
  /** The chat type (packages/domain chat-types.ts). */
  type: string;
}

export interface PerformerDesk {
  /** A guest asks for a chat (the engine's `askPerformer` effect). */
  requestChat(request: ChatRequestForPerformer): void;
  /** A guest's message in a running session (after the live module stored it). */
  guestMessage(sessionId: string, actorId: number, text: string): void;
  /** A tip, a toy action or a reaction (issue 18) in a chat of the performer. */
  interaction?(actorId: number, event: PerformerInteraction): void;
  /** The session ended (any reason), so the performer side drops it. */
  sessionEnded(sessionId: string, actorId: number, exitCode: number): void;
}
