/**
 * The purchase REST call of the pages: `POST video/:id/buy` / `POST album/:id/buy` (spec 7), derived
 * from the promotions declarations (decision 0032). The declarations (with zod) load with the first
 * purchase, not with every page that shows a buy button (decision 0035).
 */
import type { BuyResult } from '@vela/contracts/promotions-api';
import type { ItemType } from '@vela/domain/vouchers';
import { endpointData } from '../api/rest.ts';

const endpoints = () =>
  import('@vela/contracts/promotions-api').then((contract) => contract.promotionsEndpoints);

/** Buys an item once per guest (a retry with the same key, or any key, never charges twice). */
export async function buyItem(
  itemType: ItemType,
  itemId: number,
  idempotencyKey: string,
): Promise<BuyResult> {
  const declared = await endpoints();
  const endpoint = itemType === 'video' ? declared.buyVideo : declared.buyAlbum;
  return endpointData(endpoint, { params: { id: itemId }, body: { idempotencyKey } });
}
