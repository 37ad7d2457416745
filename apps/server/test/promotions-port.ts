/**
 * The promotions service on a test database, built as app.ts builds it, for tests that need one of
 * its ports without the app (the live module's chat-minute vouchers).
 */
import type { Db } from '@vela/db/client';
import { InProcessBus } from '../src/infra/bus.ts';
import { albumForSale } from '../src/modules/gallery/gallery.repository.ts';
import { createGuestsRepository } from '../src/modules/guests/guests.repository.ts';
import { createPaymentsRepository } from '../src/modules/payments/payments.repository.ts';
import {
  createPromotionsService,
  type PromotionsService,
} from '../src/modules/promotions/promotions.service.ts';
import { videoForSale } from '../src/modules/videos/videos.repository.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';

const silent = { info() {}, warn() {}, error() {} };

export function promotionsOn(db: Db, bus = new InProcessBus()): PromotionsService {
  return createPromotionsService({
    db,
    bus,
    wallet: createWalletService({ db, bus }),
    guests: createGuestsRepository(db),
    chargeIdOf: createPaymentsRepository(db).chargeIdOf,
    items: { video: videoForSale, album: albumForSale },
    log: silent,
  });
}
