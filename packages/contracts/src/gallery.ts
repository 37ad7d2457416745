/**
 * Photos (issue 5 deliverable 4): albums, pictures, sedcards, ratings and album comments.
 * Shapes shared by apps/server and apps/web; the page loaders' slice of PageServices.
 */

/** What the web app's loaders may ask of this slice (part of PageServices in pages.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: the slice adds its loader calls here.
export interface GalleryPageServices {}
