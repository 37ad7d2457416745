/**
 * The web push switch as the notifications menu shows it: its code (the push subscription, the
 * service worker, its contract and texts) loads only when a logged-in guest's menu renders it, never
 * with a visitor's page (issue 15: first load on a phone). It renders nothing until the browser has
 * been asked anyway (WebPushToggle), so nothing shows while it loads.
 */
import { lazy, Suspense } from 'react';

const WebPushToggleModule = lazy(() =>
  import('./WebPushToggle.tsx').then((module) => ({ default: module.WebPushToggle })),
);

export function LazyWebPushToggle() {
  return (
    <Suspense fallback={null}>
      <WebPushToggleModule />
    </Suspense>
  );
}
