/**
 * The playlist editor's local edit (issue 17 deliverable 6): the name and the order of the videos as
 * the guest changes them before saving, and what differs from the saved playlist. Pure functions, so
 * the rules are tested without a page.
 */

/** The order with the item at `index` moved by `delta` (−1 up, +1 down); unchanged at an end. */
export function moveItem<T>(order: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) return [...order];
  const next = [...order];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

export interface PlaylistEdit {
  name: string;
  order: readonly number[];
}

/** What a save sends: only what changed (the whole order when the order changed), or null for nothing. */
export function changesOf(
  saved: PlaylistEdit,
  edit: PlaylistEdit,
): { name?: string; videoIds?: number[] } | null {
  const name = edit.name.trim();
  const nameChanged = name !== saved.name;
  const orderChanged =
    edit.order.length !== saved.order.length || edit.order.some((id, index) => id !== saved.order[index]);
  if (!nameChanged && !orderChanged) return null;
  return { ...(nameChanged ? { name } : {}), ...(orderChanged ? { videoIds: [...edit.order] } : {}) };
}
