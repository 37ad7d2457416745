/**
 * A small client of the Janus WebRTC server's HTTP API (Janus 1.1.2, decision 0038 part 5): a Janus
 * session (`create`, a `keepalive` every 25 s, `destroy`), plugin handles on it (`attach`, `message`
 * with `body` and `jsep`, `trickle`, `detach`) and the session's events from long polls
 * (`GET <url>/<session>?maxev=`).
 *
 * A plugin request is either synchronous (Janus answers `success` with the plugin's data: create,
 * info, destroy, rtp_forward) — `handle.request` — or asynchronous (Janus answers `ack`, the result
 * comes later as an event with the same transaction, often with a JSEP: watch, start, join, publish)
 * — `handle.message`. Every HTTP call has a timeout; Janus and plugin errors become `JanusError`
 * with Janus's numeric code and reason. Events that answer no request (webrtcup, hangup, media,
 * slowlink, plugin notifications) go to the handle's listeners.
 *
 * When the long poll finds the session gone (Janus restarted, 458) or fails for longer than the
 * session timeout, the session is lost: pending requests fail and `onLost` listeners are told.
 */
import { randomBytes } from 'node:crypto';

export interface JanusClientOptions {
  /** The Janus API root, e.g. http://127.0.0.1:8088/janus (JANUS_URL). */
  url: string;
  /** Janus's `api_secret`, when it has one (JANUS_API_SECRET). */
  apiSecret?: string;
  /** Timeout of each request, and of waiting for an asynchronous request's event (default 10 s). */
  requestTimeoutMs?: number;
  /** Interval of the session keepalive (default 25 s; Janus's session_timeout is 60 s). */
  keepaliveMs?: number;
  log?: { warn(object: object, message: string): void };
}

export interface Jsep {
  type: 'offer' | 'answer';
  sdp: string;
  trickle?: boolean;
}

export interface JanusEvent {
  janus: string;
  session_id?: number;
  sender?: number;
  transaction?: string;
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: Jsep;
  error?: { code: number; reason: string };
  [key: string]: unknown;
}

export interface TrickleCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

/** A Janus error (`janus: error`) or a plugin's (`error_code` in its data), or a transport failure (code 0). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    /** A plugin's error (its own codes, which overlap Janus's). */
    readonly fromPlugin = false,
  ) {
    super(`Janus ${fromPlugin ? 'plugin ' : ''}error ${code}: ${reason}`);
    this.name = 'JanusError';
  }
}

/** Janus's code for a session it does not know (restarted, timed out, destroyed). */
export const JANUS_NO_SUCH_SESSION = 458;
/** Janus's code for a handle it does not know. */
export const JANUS_NO_SUCH_HANDLE = 459;

const LONG_POLL_MS = 30_000;

function transactionId(): string {
  return randomBytes(9).toString('base64url');
}

/** The plugin's error in a plugin answer's data, if any. */
function pluginError(data: Record<string, unknown> | undefined): JanusError | null {
  if (!data || data.error_code === undefined) return null;
  return new JanusError(Number(data.error_code), String(data.error ?? 'plugin error'), true);
}

interface Pending {
  resolve(event: JanusEvent): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** The HTTP layer: POST a Janus message to a path under the root, with the secret and a timeout. */
class JanusHttp {
  readonly root: string;
  constructor(private readonly options: JanusClientOptions) {
    this.root = options.url.replace(/\/+$/, '');
  }

  get timeoutMs(): number {
    return this.options.requestTimeoutMs ?? 10_000;
  }

  async post(path: string, message: Record<string, unknown>): Promise<JanusEvent> {
    const body = { ...message, ...(this.options.apiSecret ? { apisecret: this.options.apiSecret } : {}) };
    return this.send(`${this.root}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }

  async poll(sessionId: number, signal: AbortSignal): Promise<JanusEvent[]> {
    const query = new URLSearchParams({ maxev: '10', rid: String(Date.now()) });
    if (this.options.apiSecret) query.set('apisecret', this.options.apiSecret);
    const answer = await this.send(`${this.root}/${sessionId}?${query}`, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(LONG_POLL_MS + this.timeoutMs)]),
    });
    return Array.isArray(answer) ? answer : [answer];
  }

  private async send(url: string, init: RequestInit): Promise<JanusEvent> {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new JanusError(
        0,
        timedOut ? `no answer from ${this.root}` : `cannot reach ${this.root}: ${String(error)}`,
      );
    }
    const text = await response.text();
    let parsed: JanusEvent;
    try {
      parsed = JSON.parse(text) as JanusEvent;
    } catch {
      throw new JanusError(0, `HTTP ${response.status} from ${this.root} is not JSON`);
    }
    if (!Array.isArray(parsed) && parsed.janus === 'error') {
      throw new JanusError(parsed.error?.code ?? 0, parsed.error?.reason ?? 'unknown error');
    }
    return parsed;
  }
}

/** A plugin handle on a Janus session. */
export class JanusHandle {
  private readonly listeners = new Set<(event: JanusEvent) => void>();
  detached = false;

  constructor(
    private readonly session: JanusSession,
    readonly id: number,
    readonly plugin: string,
  ) {}

  /** Events of this handle that answer no request: webrtcup, hangup, media, slowlink, plugin events. */
  on(listener: (event: JanusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @internal */
  emit(event: JanusEvent): void {
    if (event.janus === 'detached') this.detached = true;
    for (const listener of this.listeners) listener(event);
  }

  /** A synchronous plugin request: the plugin's answer data (its error as JanusError). */
  async request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = await this.session.post(`/${this.id}`, { janus: 'message', body });
    const data = answer.plugindata?.data;
    const error = pluginError(data);
    if (error) throw error;
    if (!data) throw new JanusError(0, `no plugin data in the answer to ${String(body.request)}`);
    return data;
  }

  /** An asynchronous plugin request: the event that answers it (its data and JSEP). */
  async message(
    body: Record<string, unknown>,
    jsep?: Jsep,
  ): Promise<{ data: Record<string, unknown>; jsep?: Jsep }> {
    const event = await this.session.transact(`/${this.id}`, {
      janus: 'message',
      body,
      ...(jsep ? { jsep } : {}),
    });
    const data = event.plugindata?.data ?? {};
    const error = pluginError(data);
    if (error) throw error;
    return { data, jsep: event.jsep };
  }

  /** An asynchronous plugin request whose answer nobody waits for (it reaches the listeners). */
  async send(body: Record<string, unknown>): Promise<void> {
    await this.session.post(`/${this.id}`, { janus: 'message', body });
  }

  /** Trickles candidates; `null` says there are no more. */
  async trickle(candidate: TrickleCandidate | TrickleCandidate[] | null): Promise<void> {
    const payload = Array.isArray(candidate)
      ? { candidates: candidate }
      : { candidate: candidate ?? { completed: true } };
    await this.session.post(`/${this.id}`, { janus: 'trickle', ...payload });
  }

  /** Closes the handle's PeerConnection and keeps the handle. */
  async hangup(): Promise<void> {
    await this.session.post(`/${this.id}`, { janus: 'hangup' });
  }

  /** Destroys the handle (and its PeerConnection); a handle Janus no longer knows counts as detached. */
  async detach(): Promise<void> {
    if (this.detached) return;
    this.detached = true;
    this.session.forget(this.id);
    try {
      await this.session.post(`/${this.id}`, { janus: 'detach' });
    } catch (error) {
      if (!(error instanceof JanusError) || error.code !== JANUS_NO_SUCH_HANDLE) throw error;
    }
  }
}

/** A Janus session: its handles, its long poll and its keepalive. */
export class JanusSession {
  private readonly handles = new Map<number, JanusHandle>();
  private readonly pending = new Map<string, Pending>();
  private readonly lostListeners = new Set<(error: JanusError) => void>();
  private readonly polling = new AbortController();
  private readonly keepalive: NodeJS.Timeout;
  private ended = false;

  private constructor(
    private readonly http: JanusHttp,
    readonly id: number,
    private readonly options: JanusClientOptions,
  ) {
    this.keepalive = setInterval(() => {
      this.post('', { janus: 'keepalive' }).catch((error: unknown) =>
        options.log?.warn({ err: error, session: id }, 'janus keepalive failed'),
      );
    }, options.keepaliveMs ?? 25_000);
    this.keepalive.unref();
    void this.pollLoop();
  }

  /** Creates a Janus session on the server at `options.url`. */
  static async create(options: JanusClientOptions): Promise<JanusSession> {
    const http = new JanusHttp(options);
    const answer = await http.post('', { janus: 'create', transaction: transactionId() });
    const id = (answer as { data?: { id?: number } }).data?.id;
    if (typeof id !== 'number') throw new JanusError(0, 'no session id in the answer to create');
    return new JanusSession(http, id, options);
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Called once when the session is lost (not when destroyed by us). */
  onLost(listener: (error: JanusError) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /**
   * Attaches a handle of `plugin` (e.g. janus.plugin.streaming). `opaqueId` names what the handle is
   * for (a live session's viewer) where Janus's admin API and event handlers show it.
   */
  async attach(plugin: string, opaqueId?: string): Promise<JanusHandle> {
    const answer = await this.post('', {
      janus: 'attach',
      plugin,
      ...(opaqueId === undefined ? {} : { opaque_id: opaqueId }),
    });
    const id = (answer as { data?: { id?: number } }).data?.id;
    if (typeof id !== 'number') throw new JanusError(0, `no handle id in the answer to attach ${plugin}`);
    const handle = new JanusHandle(this, id, plugin);
    this.handles.set(id, handle);
    return handle;
  }

  /** Destroys the session and every handle on it; idempotent. */
  async destroy(): Promise<void> {
    if (this.ended) return;
    this.end(new JanusError(0, 'session destroyed'));
    try {
      await this.http.post(`/${this.id}`, { janus: 'destroy', transaction: transactionId() });
    } catch (error) {
      if (!(error instanceof JanusError) || error.code !== JANUS_NO_SUCH_SESSION) throw error;
    }
  }

  /** @internal POST a message to the session (path '') or one of its handles (`/<handle>`). */
  async post(path: string, message: Record<string, unknown>): Promise<JanusEvent> {
    if (this.ended) throw new JanusError(JANUS_NO_SUCH_SESSION, 'the Janus session is closed');
    try {
      return await this.http.post(`/${this.id}${path}`, { ...message, transaction: transactionId() });
    } catch (error) {
      // Janus no longer knows the session (restarted, timed out): it is lost, whoever noticed first.
      if (error instanceof JanusError && !error.fromPlugin && error.code === JANUS_NO_SUCH_SESSION) {
        this.end(error, true);
      }
      throw error;
    }
  }

  /** @internal POST an asynchronous message and wait for the event with its transaction. */
  async transact(path: string, message: Record<string, unknown>): Promise<JanusEvent> {
    if (this.ended) throw new JanusError(JANUS_NO_SUCH_SESSION, 'the Janus session is closed');
    const transaction = transactionId();
    const answered = new Promise<JanusEvent>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(
          new JanusError(0, `no event answered ${String((message.body as { request?: unknown })?.request)}`),
        );
      }, this.http.timeoutMs);
      // Registered before the POST: the event may come back on the long poll before the ack.
      this.pending.set(transaction, { resolve, reject, timer });
    });
    try {
      const ack = await this.http
        .post(`/${this.id}${path}`, { ...message, transaction })
        .catch((error: unknown) => {
          if (error instanceof JanusError && error.code === JANUS_NO_SUCH_SESSION) this.end(error, true);
          throw error;
        });
      // A plugin may answer an asynchronous request at once (an error, or a synchronous reply).
      if (ack.janus !== 'ack') this.settle(transaction, ack);
    } catch (error) {
      this.fail(transaction, error as Error);
    }
    return answered;
  }

  /** @internal */
  forget(handleId: number): void {
    this.handles.delete(handleId);
  }

  private settle(transaction: string, event: JanusEvent): boolean {
    const waiting = this.pending.get(transaction);
    if (!waiting) return false;
    this.pending.delete(transaction);
    clearTimeout(waiting.timer);
    waiting.resolve(event);
    return true;
  }

  private fail(transaction: string, error: Error): void {
    const waiting = this.pending.get(transaction);
    if (!waiting) return;
    this.pending.delete(transaction);
    clearTimeout(waiting.timer);
    waiting.reject(error);
  }

  private dispatch(event: JanusEvent): void {
    if (event.janus === 'keepalive' || event.janus === 'ack') return;
    if (event.janus === 'timeout') {
      this.end(new JanusError(JANUS_NO_SUCH_SESSION, 'the Janus session timed out'), true);
      return;
    }
    if (event.transaction && event.janus !== 'ack' && this.settle(event.transaction, event)) return;
    const handle = event.sender === undefined ? undefined : this.handles.get(event.sender);
    handle?.emit(event);
    if (event.janus === 'detached' && event.sender !== undefined) this.handles.delete(event.sender);
  }

  private async pollLoop(): Promise<void> {
    let failingSince: number | null = null;
    while (!this.ended) {
      try {
        const events = await this.http.poll(this.id, this.polling.signal);
        failingSince = null;
        for (const event of events) this.dispatch(event);
      } catch (error) {
        if (this.ended) return;
        const janusError = error instanceof JanusError ? error : new JanusError(0, String(error));
        failingSince ??= Date.now();
        const gone = janusError.code === JANUS_NO_SUCH_SESSION;
        if (gone || Date.now() - failingSince > 60_000) {
          this.end(janusError, true);
          return;
        }
        this.options.log?.warn({ err: janusError, session: this.id }, 'janus long poll failed');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  private end(error: JanusError, lost = false): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.keepalive);
    this.polling.abort();
    for (const [transaction] of this.pending) this.fail(transaction, error);
    for (const handle of this.handles.values()) {
      handle.detached = true;
      handle.emit({ janus: 'detached', sender: handle.id });
    }
    this.handles.clear();
    if (lost) for (const listener of this.lostListeners) listener(error);
  }
}
