/**
 * Messages of a guest's socket for a session another node continues (decision 0038 part 4, "events
 * from other nodes"): the socket's node checks what it can (the guest owns the session, it is not over,
 * an SDP's size and codecs) and publishes the message on the bus channel `live-node:<owner>`; the owner
 * node, which holds the session's state and (embedded) its media, runs it through the same service
 * calls, `mayMedia` included. What the owner has to say reaches the guest's pages on `guest:<id>` as
 * always; a refusal there is logged (the socket that sent it has already answered).
 *
 * A performer's action (the performer API or the simulator on another node) travels the same way as
 * the command `performer`: the asking node has checked that the session is the performer's and its
 * state allows the action; the owner feeds the engine the performer's event. A chat started on
 * another node for a performer whose source runs here (one source owner, decision 0038 part 5) is
 * stored with this node as its owner and handed over with `adopt` and its opening effects.
 */
import type { ChatSessionEffect, ChatSessionEvent } from '@vela/domain/chat-session';
import type { EventBus, Unsubscribe } from '../../infra/bus.ts';
import type { LiveSessionEvent } from './live.service.ts';
import type { IceCandidateInit } from './media/live-media.ts';

type GuestExitCode = Extract<ChatSessionEvent, { type: 'guestExit' }>['code'];
/** What ended the guest's right to a chat on its page: a logout (101), a lock (920), the age check revoked (601). */
export type RevokeCause = 'logout' | 'guestLocked' | 'ageCheckRevoked';

/** What a guest's page asked, for the owner node to do. */
export type LiveNodeCommand =
  | { kind: 'join' }
  | { kind: 'answer'; offerId: string; sdp: string }
  | { kind: 'candidate'; offerId: string; candidate: IceCandidateInit }
  | { kind: 'publishOffer'; sdp: string }
  | { kind: 'mediaUp'; offerId: string }
  | { kind: 'message'; messageId: string; text: string }
  | { kind: 'exit'; code?: GuestExitCode }
  | { kind: 'alive' }
  | { kind: 'gone' }
  | { kind: 'revoked'; cause: RevokeCause }
  | { kind: 'performer'; event: LiveSessionEvent }
  | { kind: 'adopt'; effects: ChatSessionEffect[] };

export interface LiveNodeMessage {
  sessionId: string;
  /** The guest the sending node authenticated. */
  guestId: number;
  command: LiveNodeCommand;
}

/** The bus channel of one node's live sessions. */
export const liveNodeChannel = (nodeId: string) => `live-node:${nodeId}`;

/** Sends a message to the node that continues the session. */
export function relayOver(bus: EventBus) {
  return (ownerNode: string, message: LiveNodeMessage) => bus.publish(liveNodeChannel(ownerNode), message);
}

/**
 * This node takes the messages other nodes relay for its sessions, one at a time in arrival order
 * (an answer before its page's media-up); `run` is the service's `runRelayed`.
 */
export function listenForRelays(
  bus: EventBus,
  nodeId: string,
  run: (message: LiveNodeMessage) => Promise<unknown>,
  log: { warn(object: object, message: string): void },
): Promise<Unsubscribe> {
  let chain: Promise<void> = Promise.resolve();
  return bus.subscribe(liveNodeChannel(nodeId), (event) => {
    const message = event as LiveNodeMessage;
    chain = chain.then(() =>
      run(message).then(
        () => undefined,
        (error: unknown) =>
          log.warn(
            { err: error, sessionId: message.sessionId, command: message.command?.kind },
            'relayed live message refused',
          ),
      ),
    );
  });
}
