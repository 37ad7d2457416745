/**
 * How the features plug into the app (the money modules of issue 4, the catalog modules of
 * issue 5): each is a module built from the same dependencies that hands app.ts its REST routes
 * (under /rest/v1), its operator routes (under /rest/v1/internal, behind the internal guard), its
 * query-language fields (GraphqlExtension), and jobs to start and stop with the server. A module
 * that serves page loaders also returns `pages`, typed with its slice of PageServices
 * (@vela/contracts/pages), which the pages module (pages/pages.module.ts) spreads into the loaders'
 * services. app.ts builds the shared dependencies, then the list of modules, and registers what
 * each contributes the same way. Modules never call each other directly: they meet in the ledger
 * (wallet.onWalletChange), on the bus (channel guest:<id>), in the database, and through the narrow
 * ports a module declares in its deps (decision 0030).
 */
import type { Db } from '@vela/db/client';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { AgeGate } from '../http/age-gate.ts';
import type { EventBus } from '../infra/bus.ts';
import type { GraphqlExtension } from './graphql/graphql.schema.ts';
import type { GuestAuth } from './guests/auth.ts';
import type { GuestsRepository } from './guests/guests.repository.ts';
import type { SnapshotSource, SocketHandlers, SocketLifecycle } from './realtime/socket.types.ts';
import type { WalletService } from './wallet/wallet.service.ts';

export interface FeatureModuleDeps {
  db: Db;
  bus: EventBus;
  wallet: WalletService;
  auth: GuestAuth;
  guests: GuestsRepository;
  config: Config;
  log: FastifyBaseLogger;
  /** The FSK-18 rules (spec 6 age-verified guest). */
  ageGate: AgeGate;
  /** Stores a notification for a guest and announces it (notifications module); never throws. */
  notify?: GuestNotifier;
}

/** A notification of a type of packages/domain notifications.ts (texts by type in packages/i18n). */
export type GuestNotifier = (
  guestId: number,
  notification: {
    type: number;
    params: Record<string, string | number | boolean>;
    url: string | null;
    dedupeKey: string | null;
  },
) => Promise<void>;

export interface FeatureModule {
  /** Routes mounted under /rest/v1. */
  rest?: FastifyPluginAsync;
  /** Routes at the origin's root, outside the API (the outbox page of the mail module). */
  routes?: FastifyPluginAsync;
  /** Operator routes mounted under /rest/v1/internal (token + IP allow-list checked before). */
  internal?: FastifyPluginAsync;
  /** Fields of the query-language service (spec 7). */
  graphql?: GraphqlExtension;
  /**
   * Recomputes the module's precomputed lists now (spec 7 "regenerate counters"; the operator's
   * `POST internal/counters/regenerate` runs every module's and answers their results by name).
   */
  regenerateCounters?: () => Promise<Record<string, unknown>>;
  /** The guest socket messages this module answers (realtime/socket.types.ts). */
  socket?: SocketHandlers;
  /** What the module hears of a logged-in guest's socket life: pings and the close. */
  socketLifecycle?: SocketLifecycle;
  /** This module's part of the snapshot a page resyncs from after every socket (re)connect. */
  snapshot?: SnapshotSource;
  /** Called once the server is ready (scheduled jobs). */
  start?: () => void | Promise<void>;
  /** Called when the server closes. */
  stop?: () => void | Promise<void>;
}
