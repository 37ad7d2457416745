/**
 * The web push module of issue 6 (deliverable 7; see feature-module.ts and
 * docs/decisions/0023-web-push.md): the `web-push/*` REST routes of spec 7 and `push`, which sends
 * every notification the notifications module shows a guest: the module subscribes to the
 * notifications module's `onCreated` port it receives (decision 0034) from its creation until it stops.
 *
 * The VAPID keys come from the configuration, or (outside production) from a pair generated once
 * under DATA_DIR (webpush.keys.ts). In production without keys web push is off: the routes do not
 * exist (404) and `push` does nothing.
 */
import type { Notification } from '@vela/contracts/socket';
import type { FeatureModule, FeatureModuleDeps } from '../feature-module.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { vapidKeysOf, webPushAvailable } from './webpush.keys.ts';
import { webPushRoutes } from './webpush.routes.ts';
import { createPushSender } from './webpush.sender.ts';
import { createWebPushService, type WebPushService, type WebPushSetup } from './webpush.service.ts';

export interface WebPushModule extends FeatureModule {
  /** Sends a notification to the guest's enabled browsers, in each one's language. Never throws. */
  push(guestId: number, notification: Notification): Promise<void>;
  service: WebPushService;
}

export function createWebPushModule(
  deps: Pick<FeatureModuleDeps, 'db' | 'auth' | 'config' | 'log'> & {
    /** The notifications module's listeners of every notification shown to a guest. */
    notifications: Pick<NotificationsService, 'onCreated'>;
  },
): WebPushModule {
  const { config, log } = deps;
  // Resolved on first use; a failure (DATA_DIR not writable) is retried on the next use.
  let setup: Promise<WebPushSetup | null> | undefined;
  const resolveSetup = (): Promise<WebPushSetup | null> => {
    if (!setup) {
      setup = vapidKeysOf(config).then((keys) =>
        keys
          ? {
              publicKey: keys.publicKey,
              sender: createPushSender({
                keys,
                subject: config.webPushSubject,
                allowPrivateAddresses: config.webPushAllowLocalEndpoints,
              }),
            }
          : null,
      );
      setup.catch(() => {
        setup = undefined;
      });
    }
    return setup;
  };
  const service = createWebPushService({
    db: deps.db,
    setup: resolveSetup,
    brandName: config.brandName,
    allowLocalEndpoints: config.webPushAllowLocalEndpoints,
    log,
  });
  const available = webPushAvailable(config);
  const push = (guestId: number, notification: Notification) => service.push(guestId, notification);
  // Every notification shown to a guest is also pushed to the browsers that subscribed.
  const unsubscribe = deps.notifications.onCreated(push);
  return {
    service,
    push,
    ...(available ? { rest: webPushRoutes({ auth: deps.auth, webPush: service }) } : {}),
    async start() {
      if (!available) {
        log.warn('web push is off: set WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY');
        return;
      }
      // Reads or writes the generated key pair now, so a broken DATA_DIR shows at start.
      try {
        await resolveSetup();
      } catch (error) {
        log.error({ err: error }, 'web push keys could not be loaded');
      }
    },
    stop() {
      unsubscribe();
    },
  };
}
