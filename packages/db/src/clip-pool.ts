/**
 * The generated video clip pool as its readers see it (issue 17 deliverable 2; docs/decisions
 * 0044-video-playback.md), without loading the generator (seed/clips.ts runs ffmpeg).
 *
 * The seed writes a few short test-pattern clips, each packaged as HLS (MPEG-TS segments of
 * CLIP_SEGMENT_SECONDS), with a poster and a thumbnail sprite, into `clipDirOf(mediaDir)`: a
 * directory NEXT TO the media directory, never inside it, because `/media/` is served by a public
 * static handler and a clip's bytes may only leave the server through URLs signed per guest.
 *
 *   <clipDir>/pool.json                 { version, clips: [key, ...] } of the last seed
 *   <clipDir>/<key>/clip.json           ClipInfo (written last: a clip without it is incomplete)
 *   <clipDir>/<key>/seg-000.ts ...      the segments
 *   <clipDir>/<key>/poster.jpg          a frame of the clip
 *   <clipDir>/<key>/sprite.jpg          the thumbnails, `columns` x `rows` tiles
 *
 * Catalogue videos map onto the pool by id (`clipKeyOfVideo`), so the demo's 8,000 videos share a
 * few megabytes of media.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Target length of a segment; clips are whole multiples of it. */
export const CLIP_SEGMENT_SECONDS = 4;
/** One thumbnail per this many seconds of a clip (the sprite's tiles). */
export const CLIP_THUMB_SECONDS = 2;

export interface ClipInfo {
  key: string;
  label: string;
  durationS: number;
  /** Each segment's duration in seconds, in order (`seg-000.ts` first). */
  segments: number[];
  poster: { width: number; height: number };
  /** The sprite: `count` tiles of `width` x `height`, row by row, one per `every` seconds of the clip. */
  thumbs: { count: number; columns: number; rows: number; width: number; height: number; every: number };
}

export interface ClipPoolFile {
  version: number;
  clips: string[];
}

/** Where the clips of a media directory live: its sibling `<name>-clips` (outside what `/media/` serves). */
export function clipDirOf(mediaDir: string): string {
  const resolved = path.resolve(mediaDir);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}-clips`);
}

export const CLIP_POOL_FILE = 'pool.json';
export const CLIP_INFO_FILE = 'clip.json';

/** The file name of segment `index` of a clip. */
export function segmentFileOf(index: number): string {
  return `seg-${String(index).padStart(3, '0')}.ts`;
}

/** The clip a catalogue video plays: the pool's clips in turn by video id (deterministic). */
export function clipKeyOfVideo(pool: readonly string[], videoId: number): string | undefined {
  if (pool.length === 0) return undefined;
  return pool[(((videoId - 1) % pool.length) + pool.length) % pool.length];
}

/** The pool and every clip's info as the last seed left them; null when there is none (or it is incomplete). */
export async function readClipPool(clipDir: string): Promise<Map<string, ClipInfo> | null> {
  let file: ClipPoolFile;
  try {
    file = JSON.parse(await readFile(path.join(clipDir, CLIP_POOL_FILE), 'utf8')) as ClipPoolFile;
  } catch {
    return null;
  }
  const clips = new Map<string, ClipInfo>();
  for (const key of file.clips) {
    try {
      clips.set(key, JSON.parse(await readFile(path.join(clipDir, key, CLIP_INFO_FILE), 'utf8')) as ClipInfo);
    } catch {
      return null;
    }
  }
  return clips;
}
