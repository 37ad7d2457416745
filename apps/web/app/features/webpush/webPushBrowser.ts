/**
 * The browser's side of web push: support, the service worker (/sw.js, scope /), the push
 * subscription, and the token the service worker needs for `resubscribe/{token}` (kept in Cache
 * Storage, which the page and the worker both read; the same names as in apps/web/public/sw.js).
 * Only called in the browser, from effects and handlers.
 */
import { type WebPushSubscriptionJson, WebPushSubscriptionSchema } from '@vela/contracts/webpush-api';

export const SERVICE_WORKER_URL = '/sw.js';
const TOKEN_CACHE = 'vela-web-push';
const TOKEN_KEY = '/__web-push/token';

/** Whether this browser can receive web push here (a secure page with service workers and the Push API). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    'caches' in window
  );
}

export function permission(): NotificationPermission {
  return Notification.permission;
}

export function requestPermission(): Promise<NotificationPermission> {
  return Notification.requestPermission();
}

/** The active registration of the push service worker (registered on first use). */
export async function pushRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** The bytes of a base64url key (PushManager.subscribe's applicationServerKey). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** True when `subscription` was made with the server key `publicKey` (after a key change it must be renewed). */
export function madeWithKey(subscription: PushSubscription, publicKey: string): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return false;
  const expected = keyBytes(publicKey);
  const actual = new Uint8Array(used);
  return actual.length === expected.length && actual.every((byte, i) => byte === expected[i]);
}

/** The browser's subscription of the server key, made when there is none (asks nothing: permission is granted). */
export async function subscribeBrowser(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<{ subscription: PushSubscription; isNew: boolean }> {
  const existing = await registration.pushManager.getSubscription();
  if (existing && madeWithKey(existing, publicKey)) return { subscription: existing, isNew: false };
  if (existing) await existing.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return { subscription, isNew: true };
}

/** `PushSubscription.toJSON()` in the shape of the contract. */
export function subscriptionJson(subscription: PushSubscription): WebPushSubscriptionJson {
  return WebPushSubscriptionSchema.parse(subscription.toJSON());
}

export async function storeToken(token: string): Promise<void> {
  const cache = await caches.open(TOKEN_CACHE);
  await cache.put(TOKEN_KEY, new Response(token, { headers: { 'content-type': 'text/plain' } }));
}

export async function forgetToken(): Promise<void> {
  await caches.delete(TOKEN_CACHE);
}
