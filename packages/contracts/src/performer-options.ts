/**
 * The choices of the performer lists that pages render (cam filter, orders, top cams tabs), apart from
 * the lists' schemas and endpoint declarations (performers.ts, which re-exports them): a page that
 * imports a constant of a module with schemas gets those schemas, and zod, in its first load (issue 15,
 * decision 0035).
 */

export const ACTOR_GENDERS = ['N', 'M', 'F'] as const;
export const ACTOR_TYPES = ['F', 'M', 'FM', 'FF', 'S'] as const;
/** Orders of the /cams/ list and the models lists: ranking (online first), newest, price. */
export const PERFORMER_ORDERS = ['ranking', 'newest', 'priceAsc', 'priceDesc'] as const;
export type PerformerOrder = (typeof PERFORMER_ORDERS)[number];

/** Top cams categories of spec 2: top 100, favorites, best chats, videocall, per performer group. */
export const TOP_CAM_CATEGORIES = [
  'top100',
  'favorites',
  'bestChats',
  'videocall',
  'group-F',
  'group-M',
  'group-FM',
  'group-FF',
  'group-S',
] as const;
export type TopCamCategory = (typeof TOP_CAM_CATEGORIES)[number];
