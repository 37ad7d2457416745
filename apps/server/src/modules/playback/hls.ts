/**
 * What the player reads, written per caller (issue 17 deliverables 2 and 3; decision 0044): the HLS
 * media playlist of a start and the WebVTT of its preview thumbnails. Pure functions of the clip the
 * video plays (@vela/db clip-pool.ts), the number of segments the caller's token allows and the
 * URL of each file.
 *
 * A catalogue video is longer than its pool clip: its playlist loops the clip's segments, with
 * `#EXT-X-DISCONTINUITY` at each wrap (the timestamps start again), until it lists
 * `ceil(playable / CLIP_SEGMENT_SECONDS)` segments. Whole segments are listed, so a full video plays
 * up to one segment longer than its catalogue length (never shorter); a preview lists exactly its
 * VIDEO_PREVIEW_SECONDS (a whole number of segments) and ends (`#EXT-X-ENDLIST`).
 */
import { CLIP_SEGMENT_SECONDS, type ClipInfo } from '@vela/db/clip-pool';
// The most thumbnails one video's VTT lists (spec 9 "preview thumbnails 100 per video").
import { VIDEO_PREVIEW_THUMBNAILS_MAX as THUMBNAILS_PER_VIDEO } from '@vela/domain/video-listings';

/** How many segments a caller may fetch to play `playableSeconds`. */
export function segmentsAllowed(playableSeconds: number): number {
  return Math.max(1, Math.ceil(playableSeconds / CLIP_SEGMENT_SECONDS));
}

/** Video segment `index` is the clip's segment `index mod n`. */
export function clipSegmentOf(clip: ClipInfo, index: number): number {
  return index % clip.segments.length;
}

/** Seconds the `allowed` segments of a video play. */
export function listedSeconds(clip: ClipInfo, allowed: number): number {
  let total = 0;
  for (let index = 0; index < allowed; index++) total += clip.segments[clipSegmentOf(clip, index)]!;
  return total;
}

/** The VOD media playlist of the first `allowed` segments; `segmentUrl(index)` names each. */
export function mediaPlaylist(
  clip: ClipInfo,
  allowed: number,
  segmentUrl: (index: number) => string,
): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXT-X-TARGETDURATION:${Math.ceil(Math.max(...clip.segments))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
  ];
  for (let index = 0; index < allowed; index++) {
    const segment = clipSegmentOf(clip, index);
    if (index > 0 && segment === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${clip.segments[segment]!.toFixed(3)},`, segmentUrl(index));
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** `HH:MM:SS.mmm` of WebVTT. */
function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * The thumbnails of the listed length as WebVTT: at most THUMBNAILS_PER_VIDEO cues, each the sprite
 * tile of the clip at that moment (`<spriteUrl>#xywh=x,y,w,h`, the media fragment players read).
 */
export function thumbnailsVtt(clip: ClipInfo, allowed: number, spriteUrl: string): string {
  const total = listedSeconds(clip, allowed);
  const clipSeconds = listedSeconds(clip, clip.segments.length);
  const { count, columns, width, height, every } = clip.thumbs;
  const cueSeconds = Math.max(every, Math.ceil(total / THUMBNAILS_PER_VIDEO));
  const lines = ['WEBVTT', ''];
  for (let start = 0; start < total; start += cueSeconds) {
    const tile = Math.min(count - 1, Math.floor((start % clipSeconds) / every));
    const x = (tile % columns) * width;
    const y = Math.floor(tile / columns) * height;
    lines.push(
      `${vttTime(start)} --> ${vttTime(Math.min(total, start + cueSeconds))}`,
      `${spriteUrl}#xywh=${x},${y},${width},${height}`,
      '',
    );
  }
  return lines.join('\n');
}
