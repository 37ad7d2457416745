/** Reads the subscription tests share: a guest's own view (guest/me) and their subscription charges in the ledger. */
import { type Db, queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { restWithCookie, type SignedUp } from './guest-helpers.ts';

/** GET guest/me as `who` (expects 200): VIP, TV and the balance. */
export async function meOf(app: FastifyInstance, net: string, who: SignedUp) {
  const response = await restWithCookie(app, net, who, 'GET', 'guest/me');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.guest as { isVip: boolean; isVXTVAboSubscriber: boolean; balanceCents: number };
}

/** Subscription charges of a guest in the ledger (transfers of kind subscription) and their sum. */
export async function subscriptionChargesOf(
  db: Db,
  guestId: number,
): Promise<{ count: number; cents: number }> {
  const [row] = await queryRows<{ n: string | number; cents: string | number | null }>(
    db,
    sql`select count(*) as n, coalesce(sum(-e.amount_cents), 0) as cents
        from ledger_transfers tr
        join ledger_entries e on e.transfer_id = tr.id
        join ledger_accounts a on a.id = e.account_id
        where tr.kind = 'subscription' and a.kind = 'guest-wallet' and a.owner_guest_id = ${guestId}`,
  );
  return { count: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
}
