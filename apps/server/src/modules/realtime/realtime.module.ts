/**
 * The guest socket at `/socket` (spec 4 "Socket", spec 7, spec 8, spec 9; docs/decisions/0022):
 * authentication by access token, the message unions of @vela/contracts/socket, the per-node hub
 * of sockets and bus subscriptions, and the account messages no other module owns
 * (refreshEmailProperties, passwordChanged, removeStatusBar). The other modules answer their own
 * messages (`FeatureModule.socket`) and add their part of the snapshot (`FeatureModule.snapshot`).
 */
import websocket from '@fastify/websocket';
import { SessionSnapshotSchema, SOCKET_MAX_MESSAGE_BYTES, SOCKET_PATH } from '@vela/contracts/socket';
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../infra/bus.ts';
import { countryOf } from '../../infra/country.ts';
import { publishToGuest } from '../../infra/publish-to-guest.ts';
import type { GuestAuth } from '../guests/auth.ts';
import {
  type ConnectionTiming,
  DEFAULT_TIMING,
  SocketConnection,
  type VoiceCallerScope,
} from './socket.connection.ts';
import { SocketHub } from './socket.hub.ts';
import type { SnapshotSource, SocketHandlers, SocketLifecycle } from './socket.types.ts';

export interface RealtimeDeps {
  bus: EventBus;
  auth: GuestAuth;
  /** Read port of the guests module (its table): the guest's email (refreshEmailProperties). */
  guests: { guestById(guestId: number): Promise<{ email: string } | undefined> };
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** The modules' message handlers (merged; a type has one owner). */
  handlers: SocketHandlers[];
  /** The modules' parts of the snapshot (together they must fill SessionSnapshot). */
  snapshots: SnapshotSource[];
  /** The modules' hooks on a logged-in guest's socket life (pings, the close). */
  lifecycles?: SocketLifecycle[];
  /** The voicecall module: the anonymous voice caller of a visitor session (decision 0051). */
  voiceCallers?: { callerOf(sessionId: number): Promise<VoiceCallerScope | null> };
  timing?: Partial<ConnectionTiming>;
  /** COUNTRY_HEADER: each socket records its request's country (spec 6 banned countries). */
  countryHeader: string;
}

export interface Realtime {
  register(app: FastifyInstance): Promise<void>;
  /** Sockets open on this node, and guests among them. */
  stats(): { sockets: number; guests: number };
  stop(): Promise<void>;
}

function mergeHandlers(list: SocketHandlers[]): SocketHandlers {
  const merged: SocketHandlers = {};
  for (const handlers of list) {
    for (const [type, handler] of Object.entries(handlers)) {
      if (Object.hasOwn(merged, type)) throw new Error(`Two modules answer the socket message ${type}`);
      (merged as Record<string, unknown>)[type] = handler;
    }
  }
  return merged;
}

export function createRealtime(deps: RealtimeDeps): Realtime {
  const { bus, auth, guests, log } = deps;
  const callers = deps.voiceCallers;
  const hub = new SocketHub(bus, log);
  const timing = { ...DEFAULT_TIMING, ...deps.timing };

  const accountHandlers: SocketHandlers = {
    async refreshEmailProperties(context) {
      const guest = await guests.guestById(context.guestId);
      // Every tab of the guest learns the address (one changed it).
      await publishToGuest(
        bus,
        context.guestId,
        { type: 'emailProperties', email: guest?.email ?? null },
        log,
      );
      return undefined;
    },
    async passwordChanged(context) {
      // The password change ended the guest's other sessions: their sockets check now and expire.
      await publishToGuest(bus, context.guestId, { type: 'sessionCheck' }, log);
      return undefined;
    },
    async removeStatusBar(context) {
      await publishToGuest(bus, context.guestId, { type: 'removeStatusBar' }, log);
      return undefined;
    },
  };
  const handlers = mergeHandlers([accountHandlers, ...deps.handlers]);

  const snapshotOf = async (guestId: number, country: string | null) => {
    const parts = await Promise.all(deps.snapshots.map((source) => source(guestId, country)));
    return SessionSnapshotSchema.parse(Object.assign({}, ...parts));
  };

  return {
    async register(app) {
      await hub.start();
      await app.register(websocket, { options: { maxPayload: SOCKET_MAX_MESSAGE_BYTES } });
      app.get(SOCKET_PATH, { websocket: true }, (socket, request) => {
        new SocketConnection(socket, {
          // Recorded at connect: presence, pins and favorites never offer a performer blocked there.
          country: countryOf(request.headers, deps.countryHeader),
          authenticate: (token) => auth.sessionOfAccessToken(token),
          signedSessionIdOf: (token) => auth.signedSessionIdOf(token),
          liveSession: (sessionId) => auth.liveSession(sessionId),
          join: (member) => hub.join(member),
          leave: (member) => hub.leave(member),
          snapshotOf,
          handlers,
          lifecycles: deps.lifecycles ?? [],
          ...(callers ? { callerOf: (sessionId: number) => callers.callerOf(sessionId) } : {}),
          log,
          timing,
        });
      });
    },
    stats: () => ({ sockets: hub.size, guests: hub.guests }),
    stop: () => hub.stop(),
  };
}
