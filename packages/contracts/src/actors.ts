/**
 * The actor profile and its tabs (issue 5 deliverable 2): actor data, chat ratings, heat maps, interviews, SEO per tag group, recommendations, notes, banned countries.
 * Shapes shared by apps/server and apps/web; the page loaders' slice of PageServices.
 */

/** What the web app's loaders may ask of this slice (part of PageServices in pages.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: the slice adds its loader calls here.
export interface ActorPageServices {}
