/**
 * Performer lists (issue 5 deliverable 1): /cams/, /new-girls/, /free-chat/, /cam-shows/, top cams, models lists, recommended and preferred models, online amount.
 * Shapes shared by apps/server and apps/web; the page loaders' slice of PageServices.
 */

/** What the web app's loaders may ask of this slice (part of PageServices in pages.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: the slice adds its loader calls here.
export interface PerformerPageServices {}
