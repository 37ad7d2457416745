/**
 * The service worker of web push (spec 7 `web-push/*`, docs/decisions/0023-web-push.md), served at
 * /sw.js with scope / (apps/server app.ts: `Service-Worker-Allowed: /`, `Cache-Control: no-cache`).
 *
 * - push: shows the message the server sent, `{ title, body, url, tag }` (@vela/contracts/webpush-api).
 * - notificationclick: focuses a tab already showing `url` (a path on this origin), else opens it.
 * - pushsubscriptionchange: the browser replaced the subscription; the new one is sent to
 *   `web-push/resubscribe/{token}` with the token the page stored (features/webpush), so the guest
 *   keeps getting pushes without visiting the page again.
 *
 * Plain JavaScript on purpose: it is copied as is, never bundled, and must stay small.
 */

/** Where the page keeps the subscription's token for this worker (Cache Storage: both can read it). */
const TOKEN_CACHE = 'vela-web-push';
const TOKEN_KEY = '/__web-push/token';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** A path on this origin, or the home page. */
function samePath(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/';
  return url;
}

function messageOf(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = {};
  }
  return {
    title: typeof message.title === 'string' && message.title ? message.title : self.location.hostname,
    body: typeof message.body === 'string' ? message.body : '',
    url: samePath(message.url),
    tag: typeof message.tag === 'string' && message.tag ? message.tag : undefined,
  };
}

self.addEventListener('push', (event) => {
  const message = messageOf(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

async function openPage(path) {
  const target = new URL(path, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    const url = new URL(client.url);
    if (url.origin === target.origin && url.pathname === target.pathname && 'focus' in client) {
      return client.focus();
    }
  }
  return self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(openPage(samePath(data.url)));
});

async function storedToken() {
  const cache = await caches.open(TOKEN_CACHE);
  const response = await cache.match(TOKEN_KEY);
  return response ? (await response.text()).trim() : null;
}

async function applicationServerKey(oldSubscription) {
  const key = oldSubscription?.options?.applicationServerKey;
  if (key) return key;
  const response = await fetch('/rest/v1/web-push/key', { credentials: 'same-origin' });
  const body = await response.json();
  return body.data.publicKey;
}

async function resubscribe(event) {
  const token = await storedToken();
  if (!token) return;
  let subscription = event.newSubscription;
  if (!subscription) {
    subscription = await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await applicationServerKey(event.oldSubscription),
    });
  }
  const json = subscription.toJSON();
  const response = await fetch(`/rest/v1/web-push/resubscribe/${encodeURIComponent(token)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: json.endpoint, keys: json.keys }),
  });
  // The server no longer knows the token (another guest took the browser over): forget it.
  if (response.status === 404) await (await caches.open(TOKEN_CACHE)).delete(TOKEN_KEY);
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(resubscribe(event));
});
