/**
 * Spec 8 socket errors reported to `POST /rest/v1/logger/websocketConnectionError` (spec 7). Spec 7:
 * "log events queue offline and send when back online": a report made offline, or whose request
 * failed to reach the server, waits for the browser's `online` event (a few at most).
 */
import type { SocketErrorType } from '@vela/contracts/socket';
import { browserNetwork, type NetworkState } from '../socketClient.ts';

export const WEBSOCKET_ERROR_URL = '/rest/v1/logger/websocketConnectionError';
const MAX_WAITING = 10;

export interface ConnectionErrorReport {
  errorType: SocketErrorType;
  /** The page (origin and path only: query strings may carry one-time tokens). */
  url?: string;
  attempt?: number;
}

export interface ReporterDeps {
  fetch?: typeof fetch;
  network?: NetworkState;
  /** The page's address (default: location.origin + pathname). */
  pageUrl?: () => string | undefined;
}

export type ConnectionErrorReporter = (type: SocketErrorType, details: { attempt: number }) => void;

function currentPage(): string | undefined {
  const location = (globalThis as { location?: Location }).location;
  return location ? `${location.origin}${location.pathname}`.slice(0, 500) : undefined;
}

export function createConnectionErrorReporter({
  fetch: send = (...args) => globalThis.fetch(...args),
  network = browserNetwork,
  pageUrl = currentPage,
}: ReporterDeps = {}): ConnectionErrorReporter {
  const waiting: ConnectionErrorReport[] = [];
  let stopWaiting: (() => void) | null = null;

  const wait = (report: ConnectionErrorReport) => {
    if (waiting.length >= MAX_WAITING) waiting.shift();
    waiting.push(report);
    stopWaiting ??= network.onOnline(() => {
      stopWaiting?.();
      stopWaiting = null;
      for (const queued of waiting.splice(0)) post(queued);
    });
  };

  const post = (report: ConnectionErrorReport) => {
    if (!network.isOnline()) {
      wait(report);
      return;
    }
    send(WEBSOCKET_ERROR_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {
      // The request did not reach the server (no answer at all): try again once online.
      wait(report);
    });
  };

  return (errorType, { attempt }) => {
    const url = pageUrl();
    post({ errorType, attempt, ...(url ? { url } : {}) });
  };
}
