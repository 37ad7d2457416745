/**
 * The `?video=<id>` query (issue 17, contract 2): any page with it shows spec 2 modal
 * `video-with-player` for that video; closing the modal removes it. Schema-free: the opener is part of
 * every page's first load (decision 0035).
 */

export const VIDEO_QUERY_PARAM = 'video';

const MAX_ID = 2 ** 31 - 1;

/** The video id of a URL's query; null when there is none or it is not a positive id. */
export function videoIdOfSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get(VIDEO_QUERY_PARAM);
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** The query with `video` set to `videoId` (null removes it), other parameters kept; '' for none. */
export function searchWithVideo(search: string, videoId: number | null): string {
  const params = new URLSearchParams(search);
  if (videoId === null) params.delete(VIDEO_QUERY_PARAM);
  else params.set(VIDEO_QUERY_PARAM, String(videoId));
  const query = params.toString();
  return query ? `?${query}` : '';
}
