import type { WebLoadContext } from '@vela/contracts/pages';

/** The logged-in, unlocked guest of a page request as a number, null for a visitor. */
export function viewerGuestId(context: WebLoadContext): number | null {
  const viewer = context.viewer;
  if (!viewer?.isLoggedIn || viewer.isLocked) return null;
  const id = Number(viewer.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
