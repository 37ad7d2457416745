/**
 * Web push use cases (spec 7 `web-push/*`; docs/decisions/0023-web-push.md).
 *
 * A subscription is one browser (its endpoint is unique) of one guest. Subscribing an endpoint the
 * guest has already is idempotent (same token); an endpoint of another guest moves to the caller
 * with a new token (browsers are shared: the last guest who subscribed on it gets its pushes). A guest
 * only ever finds their own subscriptions: another guest's endpoint answers exactly like a missing
 * one. `push` never throws: a notification is delivered to every enabled subscription of the guest
 * in that subscription's language; a push service answering 404 or 410 means the browser dropped
 * the subscription, so the row is deleted; every other failure is logged.
 */
import { randomBytes } from 'node:crypto';
import { type Language, LanguageSchema } from '@vela/contracts/common';
import type { Notification } from '@vela/contracts/socket';
import { WEB_PUSH_ERROR_CODES, type WebPushMessage } from '@vela/contracts/webpush-api';
import type { Db } from '@vela/db/client';
import { isShownNotificationType } from '@vela/domain/notifications';
import { notificationMessageKey, notificationMessages } from '@vela/i18n/messages/notifications';
import { translator } from '@vela/i18n/translate';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { uniqueViolation } from '../../infra/db-errors.ts';
import { isSendableEndpoint } from './webpush.endpoint.ts';
import { createWebPushRepository, type WebPushRow } from './webpush.repository.ts';
import type { ResubscribeReq, SubscribeReq, UpdateReq } from './webpush.schema.ts';
import type { PushSender } from './webpush.sender.ts';

/** What sending needs, resolved once (the keys may come from a file). Null: web push is off. */
export interface WebPushSetup {
  publicKey: string;
  sender: PushSender;
}

export interface WebPushServiceDeps {
  db: Db;
  setup: () => Promise<WebPushSetup | null>;
  brandName: string;
  /** WEB_PUSH_ALLOW_LOCAL_ENDPOINTS */
  allowLocalEndpoints: boolean;
  log: FastifyBaseLogger;
  now?: () => Date;
  newToken?: () => string;
}

/** Longest body text of a push (the push services limit a message to about 4 KB). */
export const PUSH_BODY_MAX_LENGTH = 300;

const NOT_FOUND_MESSAGE = 'No web push subscription of yours with this endpoint';

const notFound = () => new AppError(WEB_PUSH_ERROR_CODES.notFound, NOT_FOUND_MESSAGE, 404);

/** The message of a notification in a language (texts of packages/i18n notifications.ts). */
export function pushMessageOf(notification: Notification, lang: Language, brand: string): WebPushMessage {
  const t = translator(notificationMessages, lang);
  let body: string;
  try {
    body = t(notificationMessageKey(notification.type), notification.params);
  } catch {
    // Params that do not fit the type's text (a missing argument): the generic text.
    body = t('generic');
  }
  if (body.length > PUSH_BODY_MAX_LENGTH) body = `${body.slice(0, PUSH_BODY_MAX_LENGTH - 1)}…`;
  const url = notification.url;
  return {
    title: t('pushTitle', { brand }),
    body,
    // Only a path on the page origin; the service worker opens it on click.
    url: url?.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/',
    tag: `notification-${notification.id}`,
  };
}

function languageOf(row: WebPushRow): Language {
  const parsed = LanguageSchema.safeParse(row.language);
  return parsed.success ? parsed.data : 'de';
}

/** The host of an endpoint for the logs (the path is the browser's secret handle at the push service). */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? `${error.message} (${cause.code})` : error.message;
}

export function createWebPushService(deps: WebPushServiceDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const newToken = deps.newToken ?? (() => randomBytes(24).toString('base64url'));
  const repository = createWebPushRepository(db);

  function requireSendable(endpoint: string): void {
    if (!isSendableEndpoint(endpoint, deps.allowLocalEndpoints)) {
      throw new AppError(
        WEB_PUSH_ERROR_CODES.endpointNotAllowed,
        'endpoint must be an https URL of a public push service',
        400,
      );
    }
  }

  async function publicKey(): Promise<string> {
    const setup = await deps.setup();
    if (!setup) throw new AppError('WEB_PUSH_UNAVAILABLE', 'Web push is not configured', 503);
    return setup.publicKey;
  }

  async function status(guestId: number, endpoint: string): Promise<WebPushRow> {
    const row = await repository.ofGuest(guestId, endpoint);
    if (!row) throw notFound();
    return row;
  }

  /** Stores the browser's subscription for the guest; `created` is false for an endpoint the guest had. */
  async function subscribe(
    guestId: number,
    input: SubscribeReq,
  ): Promise<{ row: WebPushRow; created: boolean }> {
    requireSendable(input.endpoint);
    const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth };
    return db.transaction(async (tx) => {
      const store = createWebPushRepository(tx);
      let existing = await store.lockByEndpoint(input.endpoint);
      if (!existing) {
        const inserted = await store.insertIfNew({
          token: newToken(),
          guestId,
          endpoint: input.endpoint,
          ...keys,
          language: input.language,
        });
        if (inserted) return { row: inserted, created: true };
        // A parallel subscribe of the same browser committed first: apply the rule to its row.
        existing = await store.lockByEndpoint(input.endpoint);
        if (!existing) throw new AppError('CONFLICT', 'The subscription changed meanwhile: try again', 409);
      }
      const sameGuest = existing.guestId === guestId;
      const row = await store.update(existing.id, {
        ...keys,
        language: input.language,
        enabled: true,
        // Another guest's browser moves to the caller: a new handle, the old one stops working.
        ...(sameGuest ? {} : { guestId, token: newToken(), lastSentAt: null }),
      });
      if (!row) throw notFound();
      return { row, created: !sameGuest };
    });
  }

  /** The browser got a new endpoint (`pushsubscriptionchange`): the row of `token` takes it over. */
  async function resubscribe(token: string, input: ResubscribeReq): Promise<WebPushRow> {
    requireSendable(input.endpoint);
    try {
      return await db.transaction(async (tx) => {
        const store = createWebPushRepository(tx);
        const existing = await store.lockByToken(token);
        if (!existing) throw notFound();
        // The new endpoint may have been stored on its own meanwhile (the page subscribed again).
        if (input.endpoint !== existing.endpoint)
          await store.deleteOtherWithEndpoint(input.endpoint, existing.id);
        const row = await store.update(existing.id, {
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          ...(input.language ? { language: input.language } : {}),
        });
        if (!row) throw notFound();
        return row;
      });
    } catch (error) {
      if (uniqueViolation(error) !== null) {
        throw new AppError('CONFLICT', 'The subscription changed meanwhile: try again', 409);
      }
      throw error;
    }
  }

  async function update(guestId: number, endpoint: string, input: UpdateReq): Promise<WebPushRow> {
    const row = await repository.updateOfGuest(guestId, endpoint, {
      ...(input.language !== undefined ? { language: input.language } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    });
    if (!row) throw notFound();
    return row;
  }

  async function unsubscribe(guestId: number, endpoint: string): Promise<void> {
    if (!(await repository.deleteOfGuest(guestId, endpoint))) throw notFound();
  }

  async function deliver(sender: PushSender, row: WebPushRow, notification: Notification): Promise<void> {
    const context = { subscriptionId: row.id, guestId: row.guestId, host: hostOf(row.endpoint) };
    if (!isSendableEndpoint(row.endpoint, deps.allowLocalEndpoints)) {
      log.warn(context, 'web push skipped: endpoint not allowed by the configuration');
      return;
    }
    const message = pushMessageOf(notification, languageOf(row), deps.brandName);
    let statusCode: number;
    try {
      ({ statusCode } = await sender.send(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(message),
      ));
    } catch (error) {
      log.warn({ ...context, reason: reasonOf(error) }, 'web push not delivered');
      return;
    }
    if (statusCode >= 200 && statusCode < 300) {
      await repository.markSent(row.id, now());
    } else if (statusCode === 404 || statusCode === 410) {
      await repository.deleteGone(row.id, row.endpoint);
      log.info({ ...context, statusCode }, 'web push subscription gone: removed');
    } else {
      log.warn({ ...context, statusCode }, 'web push refused by the push service');
    }
  }

  /** Sends a notification to the guest's browsers. Never throws; hidden types are never pushed. */
  async function push(guestId: number, notification: Notification): Promise<void> {
    if (!isShownNotificationType(notification.type)) return;
    try {
      const setup = await deps.setup();
      if (!setup) return;
      const rows = await repository.enabledOf(guestId);
      const results = await Promise.allSettled(rows.map((row) => deliver(setup.sender, row, notification)));
      for (const result of results) {
        if (result.status === 'rejected') {
          log.error({ guestId, reason: reasonOf(result.reason) }, 'web push bookkeeping failed');
        }
      }
    } catch (error) {
      log.error({ guestId, reason: reasonOf(error) }, 'web push failed');
    }
  }

  return { publicKey, status, subscribe, resubscribe, update, unsubscribe, push };
}

export type WebPushService = ReturnType<typeof createWebPushService>;
