/**
 * SQL parts over the promotions' purchases (the bought videos and albums) that other modules'
 * queries embed (decision 0030: the owner offers the part, so a listing with bought flags stays one
 * statement and no other module names the purchases table). Each reads along
 * purchases_guest_item_unique (guest_id, item_type, item_id).
 */
import { type SQL, sql } from '@vela/db/orm';

/** A column or SQL expression (drizzle's SQLWrapper). */
type SqlOperand = { getSQL(): SQL };

export type PurchasedItemType = 'video' | 'album';

/** The item type as a literal (a constant of the union, never input), so each use plans as before. */
const itemTypeLiteral = (itemType: PurchasedItemType) =>
  sql.raw(itemType === 'video' ? `'video'` : `'album'`);

/** SQL: whether the guest bought the item `itemId` (a column such as v.id); false for no guest (null). */
export function isBoughtSql(
  guestId: number | null,
  itemType: PurchasedItemType,
  itemId: SqlOperand,
): SQL<boolean> {
  return sql<boolean>`exists (select 1 from purchases pu where pu.guest_id = ${guestId} and pu.item_type = ${itemTypeLiteral(itemType)}
                 and pu.item_id = ${itemId})`;
}

/** SQL: a query of one column `id`: which of `itemIds` (non-empty) the guest bought. */
export function boughtAmongSql(
  guestId: number,
  itemType: PurchasedItemType,
  itemIds: readonly number[],
): SQL {
  return sql`select pu.item_id as id from purchases pu
            where pu.guest_id = ${guestId} and pu.item_type = ${itemTypeLiteral(itemType)} and pu.item_id in (${sql.join(
              itemIds.map((id) => sql`${id}`),
              sql`, `,
            )})`;
}

/**
 * SQL: a query of (`item_id`, `created_at`): the items of `itemType` the guest bought, with when (the
 * media library's shop lists; purchases_guest_item_unique, guest and type first).
 */
export function purchasedItemsSql(guestId: number, itemType: PurchasedItemType): SQL {
  return sql`select pu.item_id, pu.created_at from purchases pu
            where pu.guest_id = ${guestId} and pu.item_type = ${itemTypeLiteral(itemType)}`;
}
