/**
 * The seed's video clip pool (issue 17 deliverable 2; decision 0044): a few short clips of an
 * abstract test pattern (colour bars, a moving dot) with a running timecode and a label ("Vela test
 * clip 3"; never people), made with the ffmpeg binary of `@ffmpeg-installer/ffmpeg` (nothing is
 * downloaded) and packaged for HLS in one ffmpeg run per clip: H.264 main (640x360, 15 fps, a
 * keyframe every segment) in MPEG-TS segments of CLIP_SEGMENT_SECONDS, a poster frame and a sprite
 * of thumbnails (one per CLIP_THUMB_SECONDS). Layout and readers: ../clip-pool.ts.
 *
 * No audio: a catalogue video loops its clip with `#EXT-X-DISCONTINUITY` at each wrap, and hls.js
 * (the player) appends a looped MPEG-TS clip's AAC track nowhere after the first wrap (measured:
 * video buffered to 56 s, audio to 48 s), so playback stalled there; a silent clip loops seamlessly.
 *
 * Idempotent and cheap: a clip's directory is named after a hash of everything that shapes its
 * bytes (format version, label, length, encoder arguments), is built in a temporary directory and
 * renamed into place with its `clip.json` last, so a second run finds every clip present and runs
 * no ffmpeg; a changed format makes new keys (the old directories are left for a reset to clear).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CLIP_INFO_FILE,
  CLIP_POOL_FILE,
  CLIP_SEGMENT_SECONDS,
  CLIP_THUMB_SECONDS,
  type ClipInfo,
  type ClipPoolFile,
  segmentFileOf,
} from '../clip-pool.ts';

const run = promisify(execFile);

/** Bump when the packaging changes in a way the arguments below do not show. */
const CLIP_FORMAT_VERSION = 1;

/** The pools: the demo's few clips of ~48 s, the tests' two tiny ones. */
export const CLIP_POOLS = {
  demo: { count: 3, seconds: 48 },
  test: { count: 2, seconds: 12 },
} as const satisfies Record<string, { count: number; seconds: number }>;
export type ClipPoolSize = keyof typeof CLIP_POOLS;

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 15;
const THUMB = { width: 160, height: 90 };
/** Longest an ffmpeg run may take before it is killed (a 48 s clip takes ~2 s). */
const FFMPEG_TIMEOUT_MS = 120_000;

/** A font Debian ships (fonts-dejavu-core); without one drawtext asks fontconfig. */
const FONT_FILE = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
].find((file) => existsSync(file));

/** The ffmpeg binary of `@ffmpeg-installer/ffmpeg` (loaded on first use: it throws on an unsupported platform). */
export function seedFfmpegPath(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

interface ClipSpec {
  label: string;
  seconds: number;
  /** Test pattern hue shift, so the clips of a pool look apart. */
  hue: number;
}

function specsOf(size: ClipPoolSize): ClipSpec[] {
  const { count, seconds } = CLIP_POOLS[size];
  return Array.from({ length: count }, (_, i) => ({
    label: `Vela test clip ${i + 1}`,
    seconds,
    hue: (i * 97) % 360,
  }));
}

function thumbGrid(seconds: number) {
  const count = Math.ceil(seconds / CLIP_THUMB_SECONDS);
  const columns = Math.min(count, 10);
  return { count, columns, rows: Math.ceil(count / columns), ...THUMB, every: CLIP_THUMB_SECONDS };
}

/** ffmpeg's arguments for one clip, written into the current directory (`cwd` of the run). */
function ffmpegArgs(spec: ClipSpec): string[] {
  const font = FONT_FILE ? `fontfile=${FONT_FILE}:` : '';
  const text = `${font}fontsize=28:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6`;
  const grid = thumbGrid(spec.seconds);
  const gop = CLIP_SEGMENT_SECONDS * FPS;
  const graph = [
    `[0:v]hue=h=${spec.hue},drawtext=${text}:x=20:y=20:text='${spec.label}',`,
    `drawtext=${text}:x=20:y=h-56:text='%{pts\\:hms}',`,
    // A moving dot: the picture visibly plays (the bars alone are still, which keeps encoding cheap).
    `drawtext=${font}fontsize=48:fontcolor=white:x=mod(t*60\\,w-40):y=h*0.45:text='●',split=3[v][p][s];`,
    '[p]trim=start=2,setpts=PTS-STARTPTS[poster];',
    `[s]fps=1/${CLIP_THUMB_SECONDS},scale=${THUMB.width}:${THUMB.height},tile=${grid.columns}x${grid.rows}[sprite]`,
  ].join('');
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `smptebars=size=${WIDTH}x${HEIGHT}:rate=${FPS}:duration=${spec.seconds}`,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-preset',
    'veryfast',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-f',
    'hls',
    '-hls_time',
    String(CLIP_SEGMENT_SECONDS),
    '-hls_list_size',
    '0',
    '-hls_segment_filename',
    'seg-%03d.ts',
    'index.m3u8',
    '-map',
    '[poster]',
    '-frames:v',
    '1',
    '-q:v',
    '4',
    'poster.jpg',
    '-map',
    '[sprite]',
    '-frames:v',
    '1',
    '-q:v',
    '5',
    'sprite.jpg',
  ];
}

/** The key of a clip: its number and a hash of everything that shapes its bytes. */
export function clipKeyOf(spec: ClipSpec, index: number): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ v: CLIP_FORMAT_VERSION, spec, args: ffmpegArgs(spec) }))
    .digest('hex')
    .slice(0, 10);
  return `clip-${index + 1}-${hash}`;
}

/** The segments' durations of the playlist ffmpeg wrote. */
function segmentDurations(playlist: string): number[] {
  return [...playlist.matchAll(/^#EXTINF:([\d.]+),/gm)].map((m) => Number(m[1]));
}

async function present(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function buildClip(clipDir: string, key: string, spec: ClipSpec, ffmpegPath: string): Promise<void> {
  const building = path.join(clipDir, `.${key}.${process.pid}.tmp`);
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  try {
    await run(ffmpegPath, ffmpegArgs(spec), {
      cwd: building,
      timeout: FFMPEG_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    const segments = segmentDurations(await readFile(path.join(building, 'index.m3u8'), 'utf8'));
    if (segments.length === 0 || !(await present(path.join(building, segmentFileOf(segments.length - 1))))) {
      throw new Error(`ffmpeg wrote no segments for ${key}`);
    }
    // The server writes every playlist itself (signed per guest); ffmpeg's own is not kept.
    await rm(path.join(building, 'index.m3u8'));
    const info: ClipInfo = {
      key,
      label: spec.label,
      durationS: spec.seconds,
      segments,
      poster: { width: WIDTH, height: HEIGHT },
      thumbs: thumbGrid(spec.seconds),
    };
    await writeFile(path.join(building, CLIP_INFO_FILE), JSON.stringify(info));
    await rename(building, path.join(clipDir, key)).catch(async (error: NodeJS.ErrnoException) => {
      // Another process built the same clip meanwhile: theirs is the same bytes.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

export interface ClipReport {
  written: number;
  skipped: number;
  keys: string[];
}

/**
 * Makes the pool of `size` in `clipDir` (clips already present are kept) and names it in
 * `pool.json`. One ffmpeg at a time: each uses about both cores of a small machine for ~2 s.
 */
export async function generateClips(
  clipDir: string,
  size: ClipPoolSize,
  opts: { ffmpegPath?: string; log?: (msg: string) => void } = {},
): Promise<ClipReport> {
  await mkdir(clipDir, { recursive: true });
  const specs = specsOf(size);
  const keys = specs.map((spec, i) => clipKeyOf(spec, i));
  let written = 0;
  for (const [i, spec] of specs.entries()) {
    const key = keys[i]!;
    if (await present(path.join(clipDir, key, CLIP_INFO_FILE))) continue;
    await buildClip(clipDir, key, spec, opts.ffmpegPath ?? seedFfmpegPath());
    written++;
  }
  const pool: ClipPoolFile = { version: CLIP_FORMAT_VERSION, clips: keys };
  const poolFile = path.join(clipDir, CLIP_POOL_FILE);
  const poolText = JSON.stringify(pool);
  if ((await readFile(poolFile, 'utf8').catch(() => '')) !== poolText) {
    const temporary = `${poolFile}.${process.pid}.tmp`;
    await writeFile(temporary, poolText);
    await rename(temporary, poolFile);
  }
  const skipped = specs.length - written;
  opts.log?.(`clips: ${written} generated, ${skipped} already present`);
  return { written, skipped, keys };
}
