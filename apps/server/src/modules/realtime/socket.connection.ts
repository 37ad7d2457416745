/**
 * One guest socket (spec 4 "Socket", spec 7, spec 8). Its life:
 *
 * 1. awaiting: the first message must be `requestSession` (language, access token, guest id). A frame
 *    that is not JSON or carries a control character (INVALID_CHARACTERS, decision 0025), or a token
 *    that is invalid, expired or not the guest's, is a protocol error: an `error` reply, then close
 *    1002. An ended session: `sessionExpired`, then close 1000.
 * 2. active: after `ackSession` (with the snapshot the page resyncs from). Messages are handled one
 *    at a time in arrival order, so what the page sent before the acknowledgement is answered after
 *    it. A malformed, unknown or forbidden message, or one with a control character in any string,
 *    gets an `error` reply; the connection stays.
 *    Every message of a logged-in guest must carry a validly signed token of this session and the
 *    session's guest id. `ping` is answered `pong { ttl }`.
 * 3. closed: no ping within two ping intervals (plus grace) closes with 4000; a revoked session
 *    (`sessionCheck` on the bus, or the periodic check) gets `sessionExpired`; `guestLocked` is
 *    delivered, then the socket closes.
 *
 * The anonymous voice caller's scope (decision 0051): a visitor's socket that opened with its
 * session's access token, while that session is the anonymous voice caller of a running call
 * (`callerOf`), hears the call's stand-in guest's channel and may send the live messages
 * (VOICE_CALLER_SOCKET_MESSAGES) of the call's one live session, dispatched as the stand-in; every
 * other message gets the visitor's NOT_LOGGED_IN. The call's end (`voicecallStop`) or the periodic
 * check ends the scope: the socket is a visitor's again.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '@vela/contracts/common';
import {
  ANONYMOUS_SOCKET_MESSAGES,
  type BroadcastMessage,
  type ClientSocketMessage,
  ClientSocketMessageSchema,
  type GuestSocketEvent,
  isBroadcastMessage,
  type ServerSocketMessage,
  SOCKET_CLOSE_PONG_MISSING,
  SOCKET_CLOSE_PROTOCOL_ERROR,
  SOCKET_PING_INTERVAL_MS,
  type SocketErrorCode,
  SocketErrorCodeSchema,
} from '@vela/contracts/socket';
import { findForbiddenText, forbiddenCharacterOf, forbiddenTextMessage } from '@vela/contracts/strings';
import { VOICE_CALLER_SOCKET_MESSAGES } from '@vela/contracts/voicecall';
import type { WebSocket } from 'ws';
import { AppError } from '../../http/errors.ts';
import type { HubMember } from './socket.hub.ts';
import type { SocketContext, SocketHandlers, SocketLifecycle, SocketReply } from './socket.types.ts';

export interface ConnectionDeps {
  authenticate(
    token: string,
  ): Promise<
    | { guestId: number | null; sessionId: number }
    | { error: 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'SESSION_ENDED' }
  >;
  signedSessionIdOf(token: string): number | null;
  liveSession(sessionId: number): Promise<{ guestId: number | null } | null>;
  join(member: HubMember): Promise<void>;
  leave(member: HubMember): void;
  snapshotOf(
    guestId: number,
    country: string | null,
  ): Promise<Extract<ServerSocketMessage, { type: 'ackSession' }>['snapshot']>;
  handlers: SocketHandlers;
  /** The modules' hooks on a logged-in guest's socket life (pings, the close). */
  lifecycles: readonly SocketLifecycle[];
  /**
   * The voicecall module's port: the anonymous voice caller of a visitor session (the call's stand-in
   * guest and its running live session), null when the session is none. Without it no caller scope.
   */
  callerOf?(sessionId: number): Promise<VoiceCallerScope | null>;
  /** The country of the request that opened the socket (edge header; spec 6 banned countries), null unknown. */
  country: string | null;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  timing: ConnectionTiming;
}

export interface ConnectionTiming {
  /** The page pings this often (spec 9); the pong's ttl. */
  pingIntervalMs: number;
  /** Without any message for this long the socket is closed with 4000. */
  idleTimeoutMs: number;
  /** A logged-in socket re-reads its session this often (a revocation the bus did not announce). */
  sessionCheckMs: number;
}

export const DEFAULT_TIMING: ConnectionTiming = {
  pingIntervalMs: SOCKET_PING_INTERVAL_MS,
  idleTimeoutMs: 2 * SOCKET_PING_INTERVAL_MS + 10_000,
  sessionCheckMs: 5 * 60_000,
};

/** At most this many messages per window; more answer RATE_LIMITED and are dropped. */
const RATE_WINDOW_MS = 10_000;
const RATE_MAX = 200;

type Session = { guestId: number | null; sessionId: number; language: Language };
/** The anonymous voice caller's scope of a visitor socket: the stand-in and the call's live session. */
export type VoiceCallerScope = { guestId: number; liveSessionId: string | null };

export class SocketConnection implements HubMember {
  private state: 'awaiting' | 'authenticating' | 'active' | 'closed' = 'awaiting';
  private session: Session | undefined;
  /** A visitor socket of the anonymous voice caller (decision 0051), while the call runs. */
  private caller: VoiceCallerScope | undefined;
  private chain: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private joined = false;
  /** Events that arrived between joining the hub and the acknowledgement: sent right after it. */
  private early: { event: GuestSocketEvent | BroadcastMessage; json: string }[] | undefined;
  private readonly connectionId = randomUUID();
  /** Why the server closed the socket, for the lifecycle hooks (else the page went away). */
  private closedBecause: 'ended' | 'locked' | 'gone' = 'gone';
  private windowStart = Date.now();
  private windowCount = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
  ) {
    socket.on('message', (data, isBinary) => {
      const raw = isBinary ? null : data.toString();
      this.chain = this.chain
        .then(() => this.receive(raw))
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'socket message failed');
        });
    });
    socket.on('close', () => this.closed());
    socket.on('error', (error) => deps.log.warn({ err: error }, 'socket error'));
    this.armIdle();
  }

  /** The guest whose channel this socket hears: the logged-in guest, or the caller's stand-in. */
  get guestId(): number | null {
    return this.session?.guestId ?? this.caller?.guestId ?? null;
  }

  /** Whom the socket's messages and lifecycle hooks act for: the guest, the caller's stand-in, or nobody. */
  private actingAs(): (Session & { guestId: number }) | null {
    const session = this.session;
    if (!session) return null;
    if (session.guestId !== null) return { ...session, guestId: session.guestId };
    return this.caller ? { ...session, guestId: this.caller.guestId } : null;
  }

  get country(): string | null {
    return this.deps.country;
  }

  deliver(event: GuestSocketEvent | BroadcastMessage, json: string): void {
    if (this.early) {
      this.early.push({ event, json });
      return;
    }
    if (this.state !== 'active') return;
    if (event.type === 'sessionCheck') {
      void this.checkSession();
      return;
    }
    this.sendJson(json);
    const acting = this.actingAs();
    if (acting && !isBroadcastMessage(event)) {
      const context = this.contextOf(acting);
      this.tell('guestEvent', (lifecycle) => lifecycle.guestEvent?.(context, event));
    }
    // The anonymous voice caller's call ended: the check ends the scope.
    if (event.type === 'voicecallStop' && this.caller) void this.checkSession();
    if (event.type === 'guestLocked') {
      this.closedBecause = 'locked';
      this.close(1000, 'guest locked');
    }
  }

  private send(message: ServerSocketMessage): void {
    this.sendJson(JSON.stringify(message));
  }

  private sendJson(json: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(json);
  }

  private error(code: SocketErrorCode, message: string, inReplyTo: string | null): void {
    this.send({ type: 'error', code, message, inReplyTo });
  }

  private close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.socket.close(code, reason);
    this.closed();
  }

  private closed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.idleTimer);
    clearInterval(this.checkTimer);
    if (this.joined) this.deps.leave(this);
    const acting = this.actingAs();
    if (acting) {
      const context = this.contextOf(acting);
      this.tell('closed', (lifecycle) => lifecycle.closed?.(context, this.closedBecause));
    }
  }

  /** The context of a logged-in guest's message or lifecycle hook on this socket. */
  private contextOf(session: Session & { guestId: number }): SocketContext {
    return {
      guestId: session.guestId,
      connectionId: this.connectionId,
      sessionId: session.sessionId,
      language: session.language,
      country: this.deps.country,
      send: (reply) => this.send(reply),
    };
  }

  /** The modules' lifecycle hooks; one that throws is logged, the others still run. */
  private tell(hook: keyof SocketLifecycle, call: (lifecycle: SocketLifecycle) => void): void {
    for (const lifecycle of this.deps.lifecycles) {
      try {
        call(lifecycle);
      } catch (error) {
        this.deps.log.error({ err: error, hook }, 'socket lifecycle hook failed');
      }
    }
  }

  /** The state as it is now (it changes while a message is handled, e.g. on close). */
  private isClosed(): boolean {
    return this.state === 'closed';
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.deps.log.info({ guestId: this.guestId }, 'socket closed: no ping');
      this.close(SOCKET_CLOSE_PONG_MISSING, 'ping missing');
    }, this.deps.timing.idleTimeoutMs);
    this.idleTimer.unref?.();
  }

  private rateLimited(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= RATE_WINDOW_MS) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    this.windowCount++;
    return this.windowCount > RATE_MAX;
  }

  private async receive(raw: string | null): Promise<void> {
    if (this.state === 'closed') return;
    this.armIdle();
    let data: unknown;
    try {
      if (raw === null) throw new Error('binary frame');
      data = JSON.parse(raw);
    } catch {
      if (this.state === 'awaiting') return this.protocolError('MALFORMED_MESSAGE', 'Messages are JSON text');
      return this.error('MALFORMED_MESSAGE', 'Messages are JSON text', null);
    }
    const given =
      typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string'
        ? (data as { type: string }).type.slice(0, 64)
        : null;
    // A type with a control character is not echoed back as `inReplyTo`.
    const type = given !== null && forbiddenCharacterOf(given) === null ? given : null;
    if (this.rateLimited()) return this.error('RATE_LIMITED', 'Too many messages; slow down', type);
    // Control characters anywhere in the message (decision 0025): refused before it is read.
    const forbidden = findForbiddenText(data, 'message');
    if (forbidden) {
      if (this.state === 'awaiting')
        return this.protocolError('INVALID_CHARACTERS', forbiddenTextMessage(forbidden));
      return this.error('INVALID_CHARACTERS', forbiddenTextMessage(forbidden), type);
    }
    const parsed = ClientSocketMessageSchema.safeParse(data);
    if (!parsed.success) {
      const known =
        type !== null && ClientSocketMessageSchema.options.some((o) => o.shape.type.value === type);
      const code = known ? 'INVALID_MESSAGE' : 'UNKNOWN_MESSAGE';
      const detail = known
        ? parsed.error.issues
            .slice(0, 3)
            .map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`)
            .join('; ')
        : `Unknown message type ${JSON.stringify(type)}`;
      return this.error(code, detail, type);
    }
    const message = parsed.data;
    if (message.type === 'requestSession') return this.requestSession(message);
    if (this.state !== 'active' || !this.session)
      return this.error('NO_SESSION', 'Send requestSession first', message.type);
    if (message.type === 'ping') {
      this.send({ type: 'pong', ttl: this.deps.timing.pingIntervalMs });
      const acting = this.actingAs();
      if (acting) {
        const context = this.contextOf(acting);
        this.tell('ping', (lifecycle) => lifecycle.ping?.(context));
      }
      return;
    }
    if (this.session.guestId === null) {
      if (this.caller && (await this.isCallersMessage(message))) {
        if (!this.carriesSession(message))
          return this.error(
            'TOKEN_MISMATCH',
            'The access token or guest id is not this socket’s',
            message.type,
          );
        const acting = this.actingAs();
        if (acting) await this.dispatch(message, acting);
        return;
      }
      if (!ANONYMOUS_SOCKET_MESSAGES.includes(message.type))
        return this.error('NOT_LOGGED_IN', 'Log in first', message.type);
      return;
    }
    if (!this.carriesSession(message))
      return this.error('TOKEN_MISMATCH', 'The access token or guest id is not this socket’s', message.type);
    await this.dispatch(message, this.session as Session & { guestId: number });
  }

  /**
   * A logged-in guest's message names this socket's session and guest; the anonymous voice caller's
   * names its session and no guest (the page never learns the stand-in's id).
   */
  private carriesSession(message: ClientSocketMessage): boolean {
    const session = this.session;
    if (!session || message.accessToken === null) return false;
    return (
      this.deps.signedSessionIdOf(message.accessToken) === session.sessionId &&
      message.guestId === (session.guestId === null ? null : String(session.guestId))
    );
  }

  /**
   * One of the live messages the anonymous voice caller may send, for its call's live session (read
   * again once when the page names another: the video opened after the socket did).
   */
  private async isCallersMessage(message: ClientSocketMessage): Promise<boolean> {
    if (!VOICE_CALLER_SOCKET_MESSAGES.includes(message.type) || !('sessionId' in message)) return false;
    if (this.caller?.liveSessionId === message.sessionId) return true;
    const session = this.session;
    if (!session || !this.deps.callerOf) return false;
    const caller = await this.deps.callerOf(session.sessionId).catch(() => null);
    if (!caller || caller.guestId !== this.caller?.guestId) return false;
    this.caller = caller;
    return caller.liveSessionId === message.sessionId;
  }

  private async dispatch(
    message: ClientSocketMessage,
    session: Session & { guestId: number },
  ): Promise<void> {
    const handler = this.deps.handlers[message.type] as
      | ((context: SocketContext, message: ClientSocketMessage) => Promise<SocketReply>)
      | undefined;
    if (!handler) return this.error('UNSUPPORTED_MESSAGE', `${message.type} is not available`, message.type);
    const context = this.contextOf(session);
    try {
      const reply = await handler(context, message);
      for (const one of Array.isArray(reply) ? reply : reply ? [reply] : []) this.send(one);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) {
        const code = SocketErrorCodeSchema.safeParse(error.code);
        return this.error(code.success ? code.data : 'FAILED', error.message, message.type);
      }
      this.deps.log.error(
        { err: error, type: message.type, guestId: session.guestId },
        'socket handler failed',
      );
      this.error('FAILED', 'That did not work; please try again', message.type);
    }
  }

  private async requestSession(
    message: Extract<ClientSocketMessage, { type: 'requestSession' }>,
  ): Promise<void> {
    if (this.state === 'active' && this.session) {
      // A second request (the page changed its language): acknowledged again, with a fresh snapshot.
      if (this.session.guestId !== null && !this.carriesSession(message))
        return this.error(
          'TOKEN_MISMATCH',
          'The access token or guest id is not this socket’s',
          message.type,
        );
      this.session = { ...this.session, language: message.language };
      return this.acknowledge();
    }
    if (this.state !== 'awaiting') return;
    this.state = 'authenticating';
    let session: Session;
    if (message.accessToken === null) {
      if (message.guestId !== null)
        return this.protocolError('NOT_LOGGED_IN', 'A guest id needs its access token');
      session = { guestId: null, sessionId: 0, language: message.language };
    } else {
      const result = await this.deps.authenticate(message.accessToken);
      if ('error' in result) {
        if (result.error === 'SESSION_ENDED') return this.expire();
        return this.protocolError(
          result.error,
          result.error === 'TOKEN_EXPIRED' ? 'The access token expired' : 'Invalid access token',
        );
      }
      if (result.guestId !== null && message.guestId !== String(result.guestId))
        return this.protocolError('TOKEN_MISMATCH', 'The guest id is not the access token’s');
      session = { guestId: result.guestId, sessionId: result.sessionId, language: message.language };
      // A visitor session that is the anonymous voice caller of a running call: the caller's scope.
      if (result.guestId === null && this.deps.callerOf) {
        const caller = await this.deps.callerOf(result.sessionId).catch((error: unknown) => {
          this.deps.log.warn({ err: error }, 'socket: the voice caller was not read');
          return null;
        });
        if (caller) this.caller = caller;
      }
    }
    if (this.isClosed()) return;
    this.session = session;
    this.joined = true;
    this.early = [];
    try {
      await this.deps.join(this);
      if (this.isClosed()) return;
      await this.acknowledge();
    } catch (error) {
      this.deps.log.error({ err: error, guestId: session.guestId }, 'socket session not started');
      this.close(1011, 'server error');
    } finally {
      const early = this.early;
      this.early = undefined;
      if (this.state === 'authenticating') {
        this.state = 'active';
        // Each event carries whole state (a balance, a status), so replaying them after the
        // snapshot ends at the newest state.
        for (const { event, json } of early) this.deliver(event, json);
      }
    }
    if ((session.guestId !== null || this.caller) && this.state === 'active') {
      this.checkTimer = setInterval(() => void this.checkSession(), this.deps.timing.sessionCheckMs);
      this.checkTimer.unref?.();
    }
  }

  private async acknowledge(): Promise<void> {
    const session = this.session;
    if (!session) return;
    const snapshot =
      session.guestId === null ? null : await this.deps.snapshotOf(session.guestId, this.deps.country);
    this.send({
      type: 'ackSession',
      guestId: session.guestId === null ? null : String(session.guestId),
      language: session.language,
      snapshot,
    });
  }

  private async checkSession(): Promise<void> {
    const session = this.session;
    if (!session || this.state !== 'active') return;
    if (session.guestId === null) return this.checkCaller(session.sessionId);
    const live = await this.deps.liveSession(session.sessionId).catch(() => undefined);
    // A failed read is not an ended session; the next check decides.
    if (live === undefined) return;
    if (live === null || live.guestId !== session.guestId) this.expire();
  }

  /** The anonymous voice caller's scope lasts while its session is the caller of a running call. */
  private async checkCaller(sessionId: number): Promise<void> {
    const known = this.caller;
    if (!known || !this.deps.callerOf) return;
    const live = await this.deps.liveSession(sessionId).catch(() => undefined);
    if (live === null) return this.expire();
    const caller = await this.deps.callerOf(sessionId).catch(() => undefined);
    if (caller === undefined || this.caller?.guestId !== known.guestId || this.state !== 'active') return;
    if (caller && caller.guestId === known.guestId) {
      this.caller = caller;
      return;
    }
    // The call ended: the page's live hooks hear it go, and the socket is a visitor's again.
    const acting = this.actingAs();
    if (acting) {
      const context = this.contextOf(acting);
      this.tell('closed', (lifecycle) => lifecycle.closed?.(context, 'gone'));
    }
    clearInterval(this.checkTimer);
    this.deps.leave(this);
    this.caller = undefined;
    await this.deps.join(this);
  }

  private expire(): void {
    this.closedBecause = 'ended';
    this.send({ type: 'sessionExpired' });
    this.close(1000, 'session expired');
  }

  private protocolError(code: SocketErrorCode, message: string): void {
    this.error(code, message, 'requestSession');
    this.close(SOCKET_CLOSE_PROTOCOL_ERROR, code);
  }
}
