/**
 * For interaction tests: stands in for `fetch` with the server's REST answers, records each call
 * (method, path under /rest/v1 without the query, JSON body) and answers it with `answer`.
 * Tests only; `stop()` restores the real fetch.
 */
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

export function recordRestCalls(answer: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const [path = ''] = String(input).replace('/rest/v1/', '').split('?');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  return { calls, stop: () => vi.unstubAllGlobals() };
}

/** `{ success: true, data }`, as the server answers. */
export const restOk = (data: unknown) => Response.json({ success: true, data });
/** `{ success: false, error }` with the status. */
export const restRefused = (code: string, status: number) =>
  Response.json({ success: false, error: { code, message: code } }, { status });
