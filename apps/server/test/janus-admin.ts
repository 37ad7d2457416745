/**
 * Janus's admin API for the Janus tests (ops/janus: 127.0.0.1:7088/admin with the local
 * admin_secret; JANUS_ADMIN_URL and JANUS_ADMIN_SECRET name others): which handles exist now.
 */
const adminUrl = process.env.JANUS_ADMIN_URL ?? 'http://127.0.0.1:7088/admin';
const adminSecret = process.env.JANUS_ADMIN_SECRET ?? 'vela-local-janus-admin-secret';

export interface JanusHandleRef {
  session: number;
  handle: number;
}

async function admin(path: string, request: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${adminUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...request, transaction: String(Math.random()), admin_secret: adminSecret }),
    signal: AbortSignal.timeout(5_000),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  // A session or handle that went away between the listing and this request is no longer there.
  if (answer.janus === 'error') return {};
  return answer;
}

/** The handles on the Janus server now whose opaque id is `opaqueId` (a live session's viewer). */
export async function janusHandlesWithOpaqueId(opaqueId: string): Promise<JanusHandleRef[]> {
  const sessions = ((await admin('', { janus: 'list_sessions' })).sessions ?? []) as number[];
  const found: JanusHandleRef[] = [];
  for (const session of sessions) {
    const handles = ((await admin(`/${session}`, { janus: 'list_handles' })).handles ?? []) as number[];
    for (const handle of handles) {
      const info = (await admin(`/${session}/${handle}`, { janus: 'handle_info' })).info as
        | { opaque_id?: string }
        | undefined;
      if (info?.opaque_id === opaqueId) found.push({ session, handle });
    }
  }
  return found;
}

/** Janus hangs up the handle's PeerConnection, as it does when ICE or DTLS fails (admin `hangup_webrtc`). */
export async function hangUpWebrtc({ session, handle }: JanusHandleRef): Promise<void> {
  const answer = await admin(`/${session}/${handle}`, { janus: 'hangup_webrtc' });
  if (answer.janus !== 'success') throw new Error(`hangup_webrtc of handle ${handle} failed`);
}

/** Polls the handles of `opaqueId` every 200 ms until there are `expected`; fails naming `what` after `timeoutMs`. */
export async function untilHandles(
  what: string,
  opaqueId: string,
  expected: number,
  timeoutMs = 10_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  let now = (await janusHandlesWithOpaqueId(opaqueId)).length;
  while (now !== expected) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${now} handles, not ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    now = (await janusHandlesWithOpaqueId(opaqueId)).length;
  }
}
