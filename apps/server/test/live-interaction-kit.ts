/**
 * What the in-session interaction tests share (issue 18: live-tips.test.ts, toy-control.test.ts): a
 * running chat on a guest's page and the guest-wallet side of the ledger transfers under a key prefix.
 */
import type { Db } from '@vela/db/client';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { expect } from 'vitest';
import type { SignedUp } from './guest-helpers.ts';
import type { liveKit } from './live-kit.ts';
import type { RecordingMedia } from './live-media-double.ts';

/**
 * A chat of `type` the performer accepted (a livechat asks; a live show does not) with media up on
 * both sides, running; answers the session and the guest's page.
 */
export async function runningChatOf(
  kit: ReturnType<typeof liveKit>,
  media: RecordingMedia,
  guest: SignedUp,
  actorId: number,
  type = 'livechat',
) {
  const page = await kit.pageOf(guest);
  const started = await kit.start(guest, actorId, type);
  expect(started.statusCode).toBe(200);
  const sessionId = started.json().data.sessionId as string;
  if (type === 'livechat') {
    expect((await kit.performer(actorId, `sessions/${sessionId}/accept`)).statusCode).toBe(200);
  }
  await kit.answerAndShow(page, guest, sessionId, media);
  while ((await page.next('liveState')).status !== 'running') {
    // starting, then running
  }
  return { sessionId, page };
}

/** The transfers whose key starts with `prefix`, each with the guest wallet's amount (negative: paid). */
export const walletTransfersLike = (db: Db, prefix: string) =>
  queryRows<{ idempotency_key: string; kind: string; amount_cents: number }>(
    db,
    sql`select t.idempotency_key, t.kind, e.amount_cents::int as amount_cents
      from ledger_transfers t
      join ledger_entries e on e.transfer_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'guest-wallet'
      where t.idempotency_key like ${`${prefix}%`}`,
  );
