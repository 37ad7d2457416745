/**
 * The browser end of the guest socket (spec 4 "Socket", spec 8 close codes and error types, spec 9
 * timings; protocol in packages/contracts/src/socket.ts, decision 0024). Framework free: no React,
 * no `window` at import time, the WebSocket class is passed in (the browser's, or the `ws`
 * package's in a Node test).
 *
 * - On open it sends `requestSession { language }`; the server answers `ackSession`. Requests the
 *   page sends before that are queued and sent after it, in order (also across reconnects).
 * - Every message out carries the envelope (`accessToken`, `guestId`; null for a visitor, who may
 *   only ask for a session and ping). Credentials are asked for before every connection attempt.
 * - Ping every 50 s; when the next ping is due and no pong came, it reports
 *   WEBSOCKET_ERROR_PONG_IS_MISSING, closes with 4000 and reconnects.
 * - A close it did not ask for reconnects after 1 s, except when the very first attempt closed with
 *   1002 (protocol error: not retried); it is reported as WEBSOCKET_ERROR_CONNECTION_CLOSED unless
 *   the server closed normally (1000/1001: a session it ended, a restart). Each error type is
 *   reported at most once per connection: the flags reset when a session is acknowledged, so a
 *   server that stays away for an hour costs one report, not one a second.
 * - A refused session (`error` in reply to `requestSession`): an expired or invalid token is
 *   replaced by a fresh one once; refused again, or refused for another guest (TOKEN_MISMATCH,
 *   NOT_LOGGED_IN), the client stops and tells `onSessionRefused` (the page reloads).
 * - `setLanguage` asks the open session again in the new language (the server acknowledges again).
 * - A reconnect waits for the browser to be online again.
 * - Every incoming message is validated with `ServerSocketMessageSchema`; an invalid one is logged
 *   and dropped.
 */
import type { Language } from '@vela/contracts/common';
import {
  ANONYMOUS_SOCKET_MESSAGES,
  type ClientSocketMessageType,
  type ClientSocketRequest,
  type ServerMessageOf,
  type ServerSocketMessage,
  ServerSocketMessageSchema,
  type ServerSocketMessageType,
  SOCKET_CLOSE_PONG_MISSING,
  SOCKET_CLOSE_PROTOCOL_ERROR,
  SOCKET_PATH,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_RECONNECT_DELAY_MS,
  type SocketErrorCode,
  type SocketErrorType,
} from '@vela/contracts/socket';

/** connecting: opening or waiting for `ackSession`; open: acknowledged; closed: down or stopped. */
export type SocketStatus = 'connecting' | 'open' | 'closed';

/** Function properties checked bivariantly (as React's types do), so the DOM's and `ws`'s classes fit. */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** What the client needs of a WebSocket: the browser's and the `ws` package's both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason?: string }> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/**
 * The envelope of a logged-in page; null: a visitor. A token without a guest id: the anonymous voice
 * caller's visitor session (decision 0051), which may send its call's live messages.
 */
export interface SocketCredentials {
  token: string;
  guestId: string | null;
}

export interface SocketLogger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
}

/** Whether the browser is online, and a way to wait for it (defaults read `navigator` and `window`). */
export interface NetworkState {
  isOnline(): boolean;
  onOnline(listener: () => void): () => void;
}

export interface SocketClientOptions {
  /** A function so a test can point a reconnect at another server. */
  url: string | (() => string);
  WebSocketImpl: WebSocketConstructor;
  /** The language of `requestSession` (read at every connection). */
  language: Language | (() => Language);
  /**
   * The credentials of the next connection; null for a visitor. `fresh` asks to skip a cached
   * token (the server refused the last one). A rejection is retried after the reconnect delay.
   */
  getAccessToken(options: { fresh: boolean }): Promise<SocketCredentials | null>;
  /** Spec 8: sent to `logger/websocketConnectionError`, at most once per type and connection. */
  reportError(type: SocketErrorType, details: { attempt: number }): void;
  /** The server refused the page's session for good (the client has stopped). */
  onSessionRefused?(code: SocketErrorCode): void;
  log?: SocketLogger;
  pingIntervalMs?: number;
  reconnectDelayMs?: number;
  network?: NetworkState;
  /** Requests kept while no session is acknowledged; the oldest is dropped beyond it. */
  maxQueue?: number;
}

/** Why `request()` failed: the server's error code, no answer in time, or the request was refused here. */
export class SocketRequestError extends Error {
  constructor(
    readonly code: SocketErrorCode | 'TIMEOUT' | 'NOT_SENT' | 'STOPPED',
    message: string,
  ) {
    super(message);
    this.name = 'SocketRequestError';
  }
}

type AnyHandler = (message: ServerSocketMessage) => void;

interface Connection {
  /** 1 for the first attempt after start(). */
  attempt: number;
  ws: WebSocketLike;
  credentials: SocketCredentials | null;
  acked: boolean;
  awaitingPong: boolean;
  pingTimer: ReturnType<typeof setInterval> | null;
}

/** Server errors to `requestSession` that a fresh token may cure (tried once per session). */
const TOKEN_ERRORS = new Set<SocketErrorCode>(['TOKEN_EXPIRED', 'INVALID_TOKEN']);
/** ...and those that no token of this page cures: the session now belongs to someone else, or none. */
const SESSION_ERRORS = new Set<SocketErrorCode>(['TOKEN_MISMATCH', 'NOT_LOGGED_IN']);
const OPEN = 1;
const CLOSE_NORMAL = 1000;
const CLOSE_GOING_AWAY = 1001;
const DEFAULT_MAX_QUEUE = 100;
const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

const noop = () => {};

const consoleLogger: SocketLogger = {
  info: (message, data) => console.debug(`Socket: ${message}`, data ?? ''),
  warn: (message, data) => console.warn(`Socket: ${message}`, data ?? ''),
};

/** The socket of the page's own origin: `ws(s)://<host>/socket`. */
export function socketUrlOf(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`;
}

/** navigator.onLine and the window's `online` event where they exist (Node: always online). */
export const browserNetwork: NetworkState = {
  isOnline: () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false,
  onOnline(listener) {
    // Typed without the DOM library: the client also runs in Node (tests, the multi-node test).
    const target = globalThis as {
      addEventListener?: (type: 'online', listener: () => void) => void;
      removeEventListener?: (type: 'online', listener: () => void) => void;
    };
    if (typeof target.addEventListener !== 'function') return noop;
    target.addEventListener('online', listener);
    return () => target.removeEventListener?.('online', listener);
  },
};

export class SocketClient {
  private readonly options: SocketClientOptions;
  private readonly log: SocketLogger;
  private readonly network: NetworkState;
  private readonly pingIntervalMs: number;
  private readonly reconnectDelayMs: number;
  private readonly maxQueue: number;

  private started = false;
  /** Bumped by start/stop and every attempt: async work of an older one is dropped. */
  private generation = 0;
  private attempts = 0;
  private connection: Connection | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private stopWaitingOnline: (() => void) | null = null;
  /** Error types reported since the last acknowledged session. */
  private readonly reported = new Set<SocketErrorType>();
  /** The next attempt asks for a fresh token; a refused token is retried once per session. */
  private freshToken = false;
  private tokenRetried = false;
  private queue: ClientSocketRequest[] = [];
  private language: Language | (() => Language);
  private currentStatus: SocketStatus = 'closed';
  private lastSession: ServerMessageOf<'ackSession'> | null = null;
  private readonly handlers = new Map<ServerSocketMessageType, Set<AnyHandler>>();
  private readonly anyHandlers = new Set<AnyHandler>();
  private readonly statusListeners = new Set<(status: SocketStatus) => void>();

  constructor(options: SocketClientOptions) {
    this.options = options;
    this.log = options.log ?? consoleLogger;
    this.network = options.network ?? browserNetwork;
    this.pingIntervalMs = options.pingIntervalMs ?? SOCKET_PING_INTERVAL_MS;
    this.reconnectDelayMs = options.reconnectDelayMs ?? SOCKET_RECONNECT_DELAY_MS;
    this.maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
    this.language = options.language;
  }

  get status(): SocketStatus {
    return this.currentStatus;
  }

  /** The last `ackSession` (its snapshot is the guest's state at that moment); null before the first. */
  get session(): ServerMessageOf<'ackSession'> | null {
    return this.lastSession;
  }

  /** Connects (no-op when started). Counting of attempts and reported errors starts again. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.attempts = 0;
    this.reported.clear();
    this.tokenRetried = false;
    void this.connect();
  }

  /** The language of later sessions; an acknowledged one is asked for again in it. */
  setLanguage(language: Language): void {
    this.language = language;
    const connection = this.connection;
    if (connection?.acked && connection.ws.readyState === OPEN) {
      this.write(connection, { type: 'requestSession', language });
    }
  }

  /** Closes (1000) and stays closed until start(). Queued requests are kept for the next start. */
  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.generation += 1;
    this.clearReconnect();
    const connection = this.connection;
    if (connection) this.drop(connection, CLOSE_NORMAL, 'stopped');
    this.setStatus('closed');
  }

  /**
   * Sends a request, now when a session is acknowledged, else after the next `ackSession`.
   * False when refused here: a visitor's page may only send requestSession and ping (spec 6).
   */
  send(request: ClientSocketRequest): boolean {
    const connection = this.connection;
    if (connection?.acked && this.isVisitor(connection) && !this.allowedForVisitor(request.type)) {
      this.log.warn('a visitor may not send this message', { type: request.type });
      return false;
    }
    if (connection?.acked && connection.ws.readyState === OPEN) return this.write(connection, request);
    this.queue.push(request);
    if (this.queue.length > this.maxQueue) {
      const dropped = this.queue.shift();
      this.log.warn('queue full: dropped the oldest request', { type: dropped?.type });
    }
    return true;
  }

  /**
   * Sends a request and resolves with the next message of `replyType`; rejects on an `error`
   * answering this request's type, after `timeoutMs`, when refused here or when stopped.
   */
  request<R extends ServerSocketMessageType>(
    request: ClientSocketRequest,
    replyType: R,
    { timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS }: { timeoutMs?: number } = {},
  ): Promise<ServerMessageOf<R>> {
    return new Promise((resolve, reject) => {
      const cleanups: (() => void)[] = [];
      const done = () => {
        for (const cleanup of cleanups) cleanup();
      };
      cleanups.push(
        this.on(replyType, (message) => {
          done();
          resolve(message);
        }),
        this.on('error', (message) => {
          if (message.inReplyTo !== request.type) return;
          done();
          reject(new SocketRequestError(message.code, message.message));
        }),
        this.onStatus((status) => {
          if (status !== 'closed' || this.started) return;
          done();
          reject(new SocketRequestError('STOPPED', 'The socket was stopped'));
        }),
      );
      const timer = setTimeout(() => {
        done();
        reject(new SocketRequestError('TIMEOUT', `No ${replyType} within ${timeoutMs} ms`));
      }, timeoutMs);
      cleanups.push(() => clearTimeout(timer));
      if (!this.send(request)) {
        done();
        reject(new SocketRequestError('NOT_SENT', `${request.type} was not sent`));
      }
    });
  }

  /** Listens to one message type; answers the removal. */
  on<T extends ServerSocketMessageType>(type: T, handler: (message: ServerMessageOf<T>) => void): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    const wrapped = handler as AnyHandler;
    set.add(wrapped);
    return () => {
      set.delete(wrapped);
    };
  }

  /** Listens to every valid incoming message; answers the removal. */
  onMessage(handler: (message: ServerSocketMessage) => void): () => void {
    this.anyHandlers.add(handler);
    return () => {
      this.anyHandlers.delete(handler);
    };
  }

  /** Listens to status changes; answers the removal. */
  onStatus(listener: (status: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  // --- connection -------------------------------------------------------------------------------

  private async connect(): Promise<void> {
    this.generation += 1;
    const generation = this.generation;
    this.attempts += 1;
    const attempt = this.attempts;
    this.setStatus('connecting');
    let credentials: SocketCredentials | null;
    try {
      credentials = await this.options.getAccessToken({ fresh: this.freshToken });
    } catch (error) {
      if (generation !== this.generation) return;
      this.log.warn('no access token: retrying', { attempt, error: errorText(error) });
      this.setStatus('closed');
      this.scheduleReconnect();
      return;
    }
    if (generation !== this.generation || !this.started) return;
    this.freshToken = false;
    let ws: WebSocketLike;
    try {
      const { url } = this.options;
      ws = new this.options.WebSocketImpl(typeof url === 'function' ? url() : url);
    } catch (error) {
      this.log.warn('could not open the socket', { attempt, error: errorText(error) });
      this.report('WEBSOCKET_ERROR_CONNECTION_CLOSED', attempt);
      this.setStatus('closed');
      this.scheduleReconnect();
      return;
    }
    const connection: Connection = {
      attempt,
      ws,
      credentials,
      acked: false,
      awaitingPong: false,
      pingTimer: null,
    };
    this.connection = connection;
    ws.onopen = () => {
      if (this.connection !== connection) return;
      const { language } = this;
      this.write(connection, {
        type: 'requestSession',
        language: typeof language === 'function' ? language() : language,
      });
      connection.pingTimer = setInterval(() => this.pingDue(connection), this.pingIntervalMs);
    };
    ws.onmessage = (event) => {
      if (this.connection === connection) this.receive(connection, event?.data);
    };
    ws.onclose = (event) => {
      if (this.connection === connection)
        this.closed(connection, typeof event?.code === 'number' ? event.code : 0);
    };
    // A failing socket also closes; the close decides what happens next.
    ws.onerror = noop;
  }

  private closed(connection: Connection, code: number): void {
    this.detach(connection);
    if (!this.started) {
      this.setStatus('closed');
      return;
    }
    if (code === SOCKET_CLOSE_PROTOCOL_ERROR && connection.attempt === 1) {
      // Spec 8: a protocol error on the very first attempt is ignored: the socket stays closed.
      this.log.warn('protocol error (1002) on the first attempt: not retried');
      this.started = false;
      this.setStatus('closed');
      return;
    }
    this.log.info('closed', { code, attempt: connection.attempt });
    if (code !== CLOSE_NORMAL && code !== CLOSE_GOING_AWAY) {
      this.report('WEBSOCKET_ERROR_CONNECTION_CLOSED', connection.attempt);
    }
    this.setStatus('closed');
    this.scheduleReconnect();
  }

  private pingDue(connection: Connection): void {
    if (this.connection !== connection) return;
    if (connection.awaitingPong) {
      this.log.warn('pong missing: closing with 4000', { attempt: connection.attempt });
      this.report('WEBSOCKET_ERROR_PONG_IS_MISSING', connection.attempt);
      this.drop(connection, SOCKET_CLOSE_PONG_MISSING, 'pong missing');
      this.setStatus('closed');
      this.scheduleReconnect();
      return;
    }
    connection.awaitingPong = true;
    this.write(connection, { type: 'ping' });
  }

  private receive(connection: Connection, data: unknown): void {
    if (typeof data !== 'string') {
      this.log.warn('dropped a binary message');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      this.log.warn('dropped a message that is not JSON', { length: data.length });
      return;
    }
    const parsed = ServerSocketMessageSchema.safeParse(json);
    if (!parsed.success) {
      const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
      this.log.warn('dropped an invalid message', {
        type: typeof type === 'string' ? type.slice(0, 64) : null,
        issues: parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'ackSession':
        connection.acked = true;
        this.reported.clear();
        this.tokenRetried = false;
        this.lastSession = message;
        this.setStatus('open');
        this.flush(connection);
        break;
      case 'pong':
        connection.awaitingPong = false;
        break;
      case 'error':
        this.log.warn('server error', { code: message.code, inReplyTo: message.inReplyTo });
        if (message.inReplyTo === 'requestSession' && !connection.acked)
          this.refused(connection, message.code);
        break;
    }
    this.emit(message);
  }

  /** The server refused the session this connection asked for. */
  private refused(connection: Connection, code: SocketErrorCode): void {
    if (TOKEN_ERRORS.has(code) && connection.credentials && !this.tokenRetried) {
      // Once per session: connect again with a fresh token.
      this.tokenRetried = true;
      this.freshToken = true;
      this.drop(connection, CLOSE_NORMAL, 'new token');
      this.setStatus('closed');
      this.scheduleReconnect();
      return;
    }
    if (!TOKEN_ERRORS.has(code) && !SESSION_ERRORS.has(code)) return;
    // No token of this page helps: stop, the page decides (it reloads).
    this.log.warn('session refused: stopped', { code });
    this.stop();
    try {
      this.options.onSessionRefused?.(code);
    } catch (error) {
      this.log.warn('onSessionRefused failed', { error: errorText(error) });
    }
  }

  private flush(connection: Connection): void {
    const queued = this.queue;
    this.queue = [];
    for (const request of queued) {
      if (this.isVisitor(connection) && !this.allowedForVisitor(request.type)) {
        this.log.warn('a visitor may not send this message: dropped', { type: request.type });
        continue;
      }
      this.write(connection, request);
    }
  }

  private write(connection: Connection, request: ClientSocketRequest): boolean {
    try {
      connection.ws.send(
        JSON.stringify({
          ...request,
          accessToken: connection.credentials?.token ?? null,
          guestId: connection.credentials?.guestId ?? null,
        }),
      );
      return true;
    } catch (error) {
      this.log.warn('send failed', { type: request.type, error: errorText(error) });
      return false;
    }
  }

  /** Forgets a connection we end ourselves (its close event is not a close we report). */
  private drop(connection: Connection, code: number, reason: string): void {
    this.detach(connection);
    try {
      connection.ws.close(code, reason);
    } catch (error) {
      this.log.warn('close failed', { error: errorText(error) });
    }
  }

  private detach(connection: Connection): void {
    if (connection.pingTimer) clearInterval(connection.pingTimer);
    connection.pingTimer = null;
    // No-ops instead of null: a `ws` socket closed while connecting emits an error that needs a listener.
    connection.ws.onopen = noop;
    connection.ws.onmessage = noop;
    connection.ws.onclose = noop;
    connection.ws.onerror = noop;
    if (this.connection === connection) this.connection = null;
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    if (!this.started) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.started) return;
      if (this.network.isOnline()) {
        void this.connect();
        return;
      }
      this.log.info('offline: waiting for the network');
      this.stopWaitingOnline = this.network.onOnline(() => {
        this.stopWaitingOnline?.();
        this.stopWaitingOnline = null;
        if (this.started && !this.connection && !this.reconnectTimer) void this.connect();
      });
    }, this.reconnectDelayMs);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopWaitingOnline?.();
    this.stopWaitingOnline = null;
  }

  private report(type: SocketErrorType, attempt: number): void {
    if (this.reported.has(type)) return;
    this.reported.add(type);
    try {
      this.options.reportError(type, { attempt });
    } catch (error) {
      this.log.warn('error report failed', { error: errorText(error) });
    }
  }

  private isVisitor(connection: Connection): boolean {
    return connection.credentials === null;
  }

  private allowedForVisitor(type: ClientSocketMessageType): boolean {
    return ANONYMOUS_SOCKET_MESSAGES.includes(type);
  }

  private setStatus(status: SocketStatus): void {
    if (this.currentStatus === status) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) {
      try {
        listener(status);
      } catch (error) {
        this.log.warn('status listener failed', { error: errorText(error) });
      }
    }
  }

  private emit(message: ServerSocketMessage): void {
    const handlers = [...(this.handlers.get(message.type) ?? []), ...this.anyHandlers];
    for (const handler of handlers) {
      try {
        handler(message);
      } catch (error) {
        this.log.warn('handler failed', { type: message.type, error: errorText(error) });
      }
    }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
