/**
 * The sockets of this node and their bus subscriptions. Each guest with at least one open socket on
 * this node has one subscription to `guest:<id>`; every socket hears `presence`. An event on a guest's
 * channel reaches every socket of that guest here, so the same event published on any node reaches
 * every open page of the guest (with REDIS_URL, on every node).
 *
 * Presence events on the bus carry the performer's banned countries (spec 6), and so may a guest
 * event about a performer (a pin): a socket opened from one of them never hears it, and no socket
 * ever sees the list itself.
 */
import {
  type BroadcastMessage,
  BroadcastMessageSchema,
  type GuestSocketEvent,
  GuestSocketEventSchema,
  guestChannel,
  PRESENCE_CHANNEL,
} from '@vela/contracts/socket';
import { z } from 'zod';
import type { EventBus, Unsubscribe } from '../../infra/bus.ts';
import { isBlockedIn } from '../../infra/country.ts';

/** A presence event as published on the bus: the page's event plus the performer's banned countries. */
const PresenceBusEventSchema = z.intersection(
  BroadcastMessageSchema,
  z.object({ bannedCountryCodes: z.array(z.string().max(8)).max(300).default([]) }),
);
export type PresenceBusEvent = z.input<typeof PresenceBusEventSchema>;

const BannedCountryCodesSchema = z.array(z.string().max(8)).max(300);

/** A guest event as published on the bus, split into the page's event and the banned countries it carries. */
function splitBanned(event: unknown): { event: unknown; bannedCountryCodes: string[] } {
  if (typeof event !== 'object' || event === null || !('bannedCountryCodes' in event))
    return { event, bannedCountryCodes: [] };
  const { bannedCountryCodes, ...rest } = event as { bannedCountryCodes: unknown };
  const codes = BannedCountryCodesSchema.safeParse(bannedCountryCodes);
  return { event: rest, bannedCountryCodes: codes.success ? codes.data : [] };
}

export interface HubMember {
  /** Null for a visitor. */
  readonly guestId: number | null;
  /** The country of the request that opened the socket (spec 6 banned countries), null unknown. */
  readonly country: string | null;
  /** `json` is the event serialized once for every socket of this node. */
  deliver(event: GuestSocketEvent | BroadcastMessage, json: string): void;
}

export interface HubLog {
  warn(object: object, message: string): void;
}

export class SocketHub {
  private readonly members = new Set<HubMember>();
  private readonly byGuest = new Map<number, Set<HubMember>>();
  private readonly subscriptions = new Map<number, Promise<Unsubscribe>>();
  private presence: Promise<Unsubscribe> | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly log: HubLog,
  ) {}

  /** Hears presence (once per node). */
  async start(): Promise<void> {
    this.presence ??= this.bus.subscribe(PRESENCE_CHANNEL, (event) => {
      const parsed = PresenceBusEventSchema.safeParse(event);
      if (!parsed.success) {
        this.log.warn({ channel: PRESENCE_CHANNEL }, 'invalid presence event dropped');
        return;
      }
      const { bannedCountryCodes, ...rest } = parsed.data;
      const page = BroadcastMessageSchema.parse(rest);
      const json = JSON.stringify(page);
      for (const member of this.members)
        if (!isBlockedIn(bannedCountryCodes, member.country)) member.deliver(page, json);
    });
    await this.presence;
  }

  /**
   * Adds a socket; resolves once its guest's channel is subscribed, so whatever is read after this
   * (the snapshot) and every event published afterwards reach the page: nothing falls in between.
   */
  async join(member: HubMember): Promise<void> {
    this.members.add(member);
    const { guestId } = member;
    if (guestId === null) return;
    let set = this.byGuest.get(guestId);
    if (!set) {
      set = new Set();
      this.byGuest.set(guestId, set);
    }
    set.add(member);
    let subscription = this.subscriptions.get(guestId);
    if (!subscription) {
      subscription = this.bus.subscribe(guestChannel(guestId), (event) => this.dispatch(guestId, event));
      this.subscriptions.set(guestId, subscription);
      // A failed subscription is forgotten so the next socket tries again.
      subscription.catch(() => {
        if (this.subscriptions.get(guestId) === subscription) this.subscriptions.delete(guestId);
      });
    }
    await subscription;
  }

  leave(member: HubMember): void {
    this.members.delete(member);
    const { guestId } = member;
    if (guestId === null) return;
    const set = this.byGuest.get(guestId);
    if (!set?.delete(member) || set.size > 0) return;
    this.byGuest.delete(guestId);
    const subscription = this.subscriptions.get(guestId);
    this.subscriptions.delete(guestId);
    subscription
      ?.then((unsubscribe) => unsubscribe())
      .catch((error: unknown) => this.log.warn({ err: error, guestId }, 'guest channel not unsubscribed'));
  }

  private dispatch(guestId: number, published: unknown): void {
    const { event, bannedCountryCodes } = splitBanned(published);
    const parsed = GuestSocketEventSchema.safeParse(event);
    if (!parsed.success) {
      this.log.warn({ guestId, issues: parsed.error.issues.slice(0, 3) }, 'invalid guest event dropped');
      return;
    }
    const json = JSON.stringify(parsed.data);
    for (const member of [...(this.byGuest.get(guestId) ?? [])])
      if (!isBlockedIn(bannedCountryCodes, member.country)) member.deliver(parsed.data, json);
  }

  get size(): number {
    return this.members.size;
  }

  get guests(): number {
    return this.byGuest.size;
  }

  async stop(): Promise<void> {
    const all = [...this.subscriptions.values()];
    this.subscriptions.clear();
    this.byGuest.clear();
    this.members.clear();
    const presence = this.presence;
    this.presence = undefined;
    await Promise.allSettled([...all, ...(presence ? [presence] : [])].map(async (s) => (await s)()));
  }
}
