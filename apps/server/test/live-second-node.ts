/**
 * A second live node for the multi-node tests of one process (live-signaling.test.ts,
 * live-performer-nodes.test.ts): the live module as app.ts builds it, on the test app's database and
 * bus, with its own node name and media path, the real wallet, catalog reads and guests; it
 * authenticates no request (its service and performer desk are called directly).
 */
import { createLogger } from '../src/http/logging.ts';
import { createActorChatReads } from '../src/modules/catalog/actor-chat.ts';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import { createLiveModule } from '../src/modules/live/live.module.ts';
import type { LiveMedia } from '../src/modules/live/media/live-media.ts';
import { payingCustomerSql } from '../src/modules/payments/payments.repository.ts';
import { subscribedSql } from '../src/modules/subscriptions/subscriptions.repository.ts';
import { guestBalanceSql } from '../src/modules/wallet/wallet.repository.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import type { TestApp } from './test-app.ts';

export type LiveNodeModule = ReturnType<typeof createLiveModule>;

/** The second node, started (its bus subscriptions made); `stop()` it after the suite. */
export async function secondLiveNode(t: TestApp, nodeId: string, media: LiveMedia): Promise<LiveNodeModule> {
  const db = t.database.db;
  const node = createLiveModule({
    db,
    bus: t.bus,
    wallet: createWalletService({ db }),
    config: t.config,
    log: createLogger('silent'),
    actors: createActorChatReads(db),
    vouchers: { useChatMinuteVoucher: async () => ({ ok: false }), chatMinuteVouchers: async () => 0 },
    presence: { setOnline: async () => null },
    media,
    nodeId,
    guests: createGuestsRepository(db, {
      balanceCents: guestBalanceSql,
      isPayingCustomer: payingCustomerSql,
      subscribed: subscribedSql,
    }),
    auth: {} as never,
    ageGate: {} as never,
  });
  await node.start?.();
  return node;
}
