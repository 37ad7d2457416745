/**
 * How feature modules take part in the guest socket (feature-module.ts `socket`, `snapshot`): a
 * module answers the browser messages it owns, and adds its part of the snapshot every page resyncs
 * from after a (re)connect. The socket itself (realtime.module.ts) authenticates, validates,
 * queues, pings and fans out; a handler only sees a valid message of a logged-in guest.
 */
import type { Language } from '@vela/contracts/common';
import type {
  ClientSocketMessage,
  ClientSocketMessageType,
  GuestSocketEvent,
  ServerSocketMessage,
  SessionSnapshot,
} from '@vela/contracts/socket';

export interface SocketContext {
  guestId: number;
  /** This socket (one page), the same for all its messages. */
  connectionId: string;
  sessionId: number;
  language: Language;
  /** The country of the request that opened the socket (spec 6 banned countries), null unknown. */
  country: string | null;
  /** Sends to this socket only (answers); events for every tab of the guest go through the bus. */
  send(message: ServerSocketMessage): void;
}

export type SocketReply = ServerSocketMessage | ServerSocketMessage[] | undefined;

export type SocketHandler<T extends ClientSocketMessageType> = (
  context: SocketContext,
  message: Extract<ClientSocketMessage, { type: T }>,
) => Promise<SocketReply>;

export type SocketHandlers = { [T in ClientSocketMessageType]?: SocketHandler<T> };

/**
 * A module's hooks on the life of a logged-in guest's socket (the live module: the page of a chat
 * is alive, or gone). Called after the socket's own work; they must not throw.
 */
export interface SocketLifecycle {
  /** The page pinged (spec 9: every 50 s). */
  ping?(context: SocketContext): void;
  /**
   * The socket closed: `ended` when the server ended the guest's session on it (a logout or another
   * revocation: `sessionExpired`), `locked` when the guest was locked, else `gone` (a reload, the
   * network, the tab, a missing ping).
   */
  closed?(context: SocketContext, why: 'ended' | 'locked' | 'gone'): void;
  /** An event of the guest's channel reached this page (after it was sent on). */
  guestEvent?(context: SocketContext, event: GuestSocketEvent): void;
}

/** A module's part of the snapshot (SessionSnapshot) of one guest, on a socket opened from `country`. */
export type SnapshotSource = (guestId: number, country: string | null) => Promise<Partial<SessionSnapshot>>;
