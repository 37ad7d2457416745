/**
 * The link that opens a video's player on the current page (issue 17 contract 2): the page's own URL
 * with `video=<id>` (the player feature opens spec 2 modal `video-with-player` for it).
 */
import { useLocation } from 'react-router';

export function videoPlayerHref(pathname: string, search: string, videoId: number): string {
  const params = new URLSearchParams(search);
  params.set('video', String(videoId));
  return `${pathname}?${params.toString()}`;
}

export function useVideoPlayerHref(videoId: number): string {
  const { pathname, search } = useLocation();
  return videoPlayerHref(pathname, search, videoId);
}
