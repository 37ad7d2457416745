/**
 * Video listings (issue 5 deliverable 3): /videos/ pages, listing categories and sorts, the video filter, video stars, tile grids.
 * Shapes shared by apps/server and apps/web; the page loaders' slice of PageServices.
 */

/** What the web app's loaders may ask of this slice (part of PageServices in pages.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: the slice adds its loader calls here.
export interface VideoPageServices {}
