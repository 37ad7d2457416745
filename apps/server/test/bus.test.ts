import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { BusClosedError, createBus, type EventBus, InProcessBus, RedisBus } from '../src/infra/bus.ts';

interface BusPair {
  /** The bus events are published on. */
  sender: EventBus;
  /** The bus that subscribes: the same bus in-process, another connection (another node) with Redis. */
  receiver: EventBus;
}

/** Collects events of one channel; `next()` resolves with the next event (no timers involved). */
function collector() {
  const queue: unknown[] = [];
  const waiting: ((event: unknown) => void)[] = [];
  return {
    handler: (event: unknown) => {
      const resolve = waiting.shift();
      if (resolve) resolve(event);
      else queue.push(event);
    },
    next: () =>
      new Promise<unknown>((resolve) => {
        if (queue.length > 0) resolve(queue.shift());
        else waiting.push(resolve);
      }),
    get pending() {
      return queue.length;
    },
  };
}

const implementations: { name: string; create: () => Promise<BusPair> }[] = [
  {
    name: 'InProcessBus',
    create: async () => {
      const bus = new InProcessBus();
      return { sender: bus, receiver: bus };
    },
  },
];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  implementations.push({
    name: 'RedisBus (two nodes)',
    create: async () => {
      const sender = new RedisBus(redisUrl);
      const receiver = new RedisBus(redisUrl);
      await Promise.all([sender.connect(), receiver.connect()]);
      return { sender, receiver };
    },
  });
}

describe.each(implementations)('event bus: $name', ({ create }) => {
  let pair: BusPair;
  const channel = () => `test:${randomUUID()}`;

  afterEach(async () => {
    await pair.sender.close();
    if (pair.receiver !== pair.sender) await pair.receiver.close();
  });

  it('delivers a published event as JSON to a subscriber', async () => {
    pair = await create();
    const ch = channel();
    const events = collector();
    await pair.receiver.subscribe(ch, events.handler);
    await pair.sender.publish(ch, { type: 'guestBalance', balance: 125, at: new Date(0) });
    // A Date travels as its JSON form, as it would between nodes.
    expect(await events.next()).toEqual({
      type: 'guestBalance',
      balance: 125,
      at: '1970-01-01T00:00:00.000Z',
    });
  });

  it('keeps publish order and reaches every subscriber of the channel only', async () => {
    pair = await create();
    const ch = channel();
    const other = channel();
    const first = collector();
    const second = collector();
    const elsewhere = collector();
    await pair.receiver.subscribe(ch, first.handler);
    await pair.receiver.subscribe(ch, second.handler);
    await pair.receiver.subscribe(other, elsewhere.handler);
    for (const n of [1, 2, 3]) await pair.sender.publish(ch, { n });
    await pair.sender.publish(other, { done: true });
    expect([await first.next(), await first.next(), await first.next()]).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
    expect([await second.next(), await second.next(), await second.next()]).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
    expect(await elsewhere.next()).toEqual({ done: true });
    expect(elsewhere.pending).toBe(0);
  });

  it('stops delivering to a handler after unsubscribe', async () => {
    pair = await create();
    const ch = channel();
    const sentinel = channel();
    const events = collector();
    const marks = collector();
    const unsubscribe = await pair.receiver.subscribe(ch, events.handler);
    await pair.receiver.subscribe(sentinel, marks.handler);
    await pair.sender.publish(ch, { n: 1 });
    expect(await events.next()).toEqual({ n: 1 });
    await unsubscribe();
    await pair.sender.publish(ch, { n: 2 });
    // Delivery is in publish order: once the later sentinel arrived, { n: 2 } would have too.
    await pair.sender.publish(sentinel, { mark: true });
    expect(await marks.next()).toEqual({ mark: true });
    expect(events.pending).toBe(0);
  });

  it('a failing handler does not stop the other handlers', async () => {
    pair = await create();
    const ch = channel();
    const events = collector();
    await pair.receiver.subscribe(ch, () => {
      throw new Error('handler bug');
    });
    await pair.receiver.subscribe(ch, events.handler);
    await pair.sender.publish(ch, { ok: true });
    expect(await events.next()).toEqual({ ok: true });
  });

  it('refuses events that are not JSON and use after close', async () => {
    pair = await create();
    await expect(pair.sender.publish(channel(), undefined)).rejects.toThrow(TypeError);
    await pair.sender.close();
    await expect(pair.sender.publish(channel(), { late: true })).rejects.toThrow(BusClosedError);
  });
});

describe('createBus', () => {
  it('uses the in-process bus when REDIS_URL is not set', async () => {
    const bus = await createBus({ redisUrl: undefined });
    expect(bus).toBeInstanceOf(InProcessBus);
    await bus.close();
  });

  if (redisUrl) {
    it('uses Redis when REDIS_URL is set', async () => {
      const bus = await createBus({ redisUrl });
      expect(bus).toBeInstanceOf(RedisBus);
      await bus.close();
    });
  }
});
