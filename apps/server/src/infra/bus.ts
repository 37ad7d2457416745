/**
 * The event bus: fan-out of events between the parts of one node and, with Redis, between nodes.
 *
 * Events are JSON: both implementations deliver a JSON copy of what was published, so code that
 * works with the in-process bus works unchanged with Redis. Delivery per bus is in publish order.
 * A bus carries notifications, not state: anything a guest must not miss is also in the database.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export type EventHandler = (event: unknown, channel: string) => void | Promise<void>;
export type Unsubscribe = () => Promise<void>;

export interface EventBus {
  /** Deliver `event` (JSON-serialisable) to every subscriber of `channel`, on every node. */
  publish(channel: string, event: unknown): Promise<void>;
  /** Resolves once the subscription is active: events published afterwards reach `handler`. */
  subscribe(channel: string, handler: EventHandler): Promise<Unsubscribe>;
  close(): Promise<void>;
}

export class BusClosedError extends Error {
  constructor() {
    super('The event bus is closed');
    this.name = 'BusClosedError';
  }
}

type ErrorReporter = (error: unknown, channel: string) => void;

/** Handlers of one bus, per channel. A failing handler is reported and does not stop the others. */
class HandlerRegistry {
  private readonly handlers = new Map<string, Set<EventHandler>>();

  constructor(private readonly onHandlerError: ErrorReporter) {}

  /** Returns true when this is the channel's first handler. */
  add(channel: string, handler: EventHandler): boolean {
    let set = this.handlers.get(channel);
    const first = set === undefined;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return first;
  }

  /** Returns true when the channel has no handler left. */
  remove(channel: string, handler: EventHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set?.delete(handler)) return false;
    if (set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  has(channel: string): boolean {
    return this.handlers.has(channel);
  }

  dispatch(channel: string, payload: string): void {
    const set = this.handlers.get(channel);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        // Each handler gets its own copy: one handler cannot change what the next one sees.
        const result = handler(JSON.parse(payload), channel);
        if (result instanceof Promise) result.catch((error: unknown) => this.onHandlerError(error, channel));
      } catch (error) {
        this.onHandlerError(error, channel);
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}

function serialize(event: unknown): string {
  const payload = JSON.stringify(event);
  if (payload === undefined) throw new TypeError('Bus events must be JSON-serialisable');
  return payload;
}

function reporter(log: Logger | undefined): ErrorReporter {
  return (error, channel) => log?.error({ err: error, channel }, 'event bus handler failed');
}

/** One process: events reach the subscribers of this process only. */
export class InProcessBus implements EventBus {
  private readonly registry: HandlerRegistry;
  private closed = false;

  constructor(log?: Logger) {
    this.registry = new HandlerRegistry(reporter(log));
  }

  async publish(channel: string, event: unknown): Promise<void> {
    if (this.closed) throw new BusClosedError();
    const payload = serialize(event);
    // Asynchronous like a network bus; microtasks keep the publish order.
    queueMicrotask(() => this.registry.dispatch(channel, payload));
  }

  async subscribe(channel: string, handler: EventHandler): Promise<Unsubscribe> {
    if (this.closed) throw new BusClosedError();
    this.registry.add(channel, handler);
    return async () => {
      this.registry.remove(channel, handler);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.registry.clear();
  }
}

/** Redis pub/sub: events reach the subscribers of every process connected to the same Redis. */
export class RedisBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly registry: HandlerRegistry;
  private closed = false;

  constructor(
    url: string,
    private readonly log?: Logger,
  ) {
    // A subscribing connection cannot publish: one connection each.
    const options = { lazyConnect: true, maxRetriesPerRequest: 3, connectionName: 'vela-bus' };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    this.registry = new HandlerRegistry(reporter(log));
    this.subscriber.on('message', (channel: string, payload: string) =>
      this.registry.dispatch(channel, payload),
    );
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: unknown) =>
        this.log?.warn({ err: error }, 'redis bus connection error'),
      );
    }
  }

  /** Connect both connections; fails when Redis cannot be reached. */
  async connect(): Promise<void> {
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
  }

  async publish(channel: string, event: unknown): Promise<void> {
    if (this.closed) throw new BusClosedError();
    await this.publisher.publish(channel, serialize(event));
  }

  async subscribe(channel: string, handler: EventHandler): Promise<Unsubscribe> {
    if (this.closed) throw new BusClosedError();
    if (this.registry.add(channel, handler)) await this.subscriber.subscribe(channel);
    return async () => {
      if (this.registry.remove(channel, handler) && !this.closed) await this.subscriber.unsubscribe(channel);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.registry.clear();
    await Promise.all([this.publisher.quit(), this.subscriber.quit()]);
  }
}

/** Redis when REDIS_URL is set, in-process otherwise. */
export async function createBus(config: { redisUrl: string | undefined }, log?: Logger): Promise<EventBus> {
  if (!config.redisUrl) return new InProcessBus(log);
  const bus = new RedisBus(config.redisUrl, log);
  await bus.connect();
  return bus;
}
