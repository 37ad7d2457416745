/**
 * How the money features (issue 4) plug into the app: each is a module built from the same
 * dependencies that hands app.ts its REST routes (under /rest/v1), its operator routes (under
 * /rest/v1/internal, behind the internal guard) and jobs to start and stop with the server.
 * Modules never call each other directly: they meet in the ledger (wallet.onWalletChange) and on
 * the bus (channel guest:<id>).
 */
import type { Db } from '@vela/db/client';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { EventBus } from '../infra/bus.ts';
import type { GuestAuth } from './guests/auth.ts';
import type { GuestsRepository } from './guests/guests.repository.ts';
import type { WalletService } from './wallet/wallet.service.ts';

export interface MoneyModuleDeps {
  db: Db;
  bus: EventBus;
  wallet: WalletService;
  auth: GuestAuth;
  guests: GuestsRepository;
  config: Config;
  log: FastifyBaseLogger;
}

export interface MoneyModule {
  /** Routes mounted under /rest/v1. */
  rest?: FastifyPluginAsync;
  /** Operator routes mounted under /rest/v1/internal (token + IP allow-list checked before). */
  internal?: FastifyPluginAsync;
  /** Called once the server is ready (scheduled jobs). */
  start?: () => void | Promise<void>;
  /** Called when the server closes. */
  stop?: () => void | Promise<void>;
}
