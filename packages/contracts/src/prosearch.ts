/**
 * Pro actor search (issue 5 deliverable 5): filters, ZIP code geolocation, rank or distance, the map.
 * Shapes shared by apps/server and apps/web; the page loaders' slice of PageServices.
 */

/** What the web app's loaders may ask of this slice (part of PageServices in pages.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: the slice adds its loader calls here.
export interface ProSearchPageServices {}
