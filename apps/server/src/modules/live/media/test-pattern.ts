/**
 * The demo's performer source (issue 16, decision 0038 part 5): one ffmpeg child per actor that
 * generates a test pattern with the performer's name and a running clock, encodes it as VP8
 * (realtime, a keyframe every second so a new viewer decodes at once: ffmpeg cannot answer a PLI) and
 * sends it as RTP to a UDP port on this machine — the embedded media path's socket or a Janus
 * Streaming mountpoint.
 *
 * `TestPatternSource` runs it on demand: `retain()` per viewer starts it, `release()` of the last
 * viewer arms the idle timer (`LIVE_SOURCE_IDLE_MS`) after which ffmpeg is stopped; `stop()` kills it
 * at once. An ffmpeg that exits on its own is reported through `onCrash` and started again by the next
 * `retain()` / `start()`. The binary is the one shipped in `@ffmpeg-installer/ffmpeg`: nothing is
 * downloaded at run time.
 *
 * ffmpeg dies with this process, however it ends: on Linux it is started through util-linux's
 * `setpriv --pdeathsig KILL`, so the kernel kills it when the node process dies, SIGKILL included (a
 * node killed mid-session leaves no encoder running; Node itself has no prctl). ffmpeg does not stop
 * when its stdin closes, so a pipe is no help. Without setpriv (another system) it is a plain child.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The ffmpeg binary of `@ffmpeg-installer/ffmpeg` (loaded on first use: it throws on an unsupported platform). */
export function shippedFfmpegPath(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** A font Debian ships (fonts-dejavu-core); without one drawtext uses fontconfig's default. */
const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];

/** util-linux's setpriv (Debian's util-linux, an essential package), where it is. */
const SETPRIV_FILES = ['/usr/bin/setpriv', '/bin/setpriv'];

/**
 * The command and arguments that run `command` so that it dies with this process: on Linux through
 * `setpriv --pdeathsig KILL` (the parent-death signal survives the exec of a binary that is not
 * set-user-ID), elsewhere as given.
 */
export function diesWithParent(command: string, args: string[]): [string, string[]] {
  const setpriv = process.platform === 'linux' ? SETPRIV_FILES.find((file) => existsSync(file)) : undefined;
  return setpriv ? [setpriv, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
}

export interface TestPatternOptions {
  /** Drawn into the picture: the performer's name. */
  label: string;
  /** Where the RTP goes. */
  port: number;
  host?: string;
  /** `WxH`, default 640x360. */
  size?: string;
  /** Frames per second, default 15. */
  rate?: number;
  /** VP8 bit rate, default 400k. */
  bitrate?: string;
  /** RTP payload type, default 96. */
  payloadType?: number;
  ffmpegPath?: string;
}

/** The label as drawtext prints it: no control characters, no expansion or escape characters. */
export function drawableLabel(label: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = label.replace(/[\u0000-\u001f\u007f%\\{}]/g, '').trim();
  return clean.slice(0, 60) || 'Vela';
}

/** ffmpeg's arguments for a test pattern whose text (name, clock) is read from `textFile`. */
export function testPatternArgs(options: TestPatternOptions, textFile: string): string[] {
  const size = options.size ?? '640x360';
  const rate = options.rate ?? 15;
  const height = Number(size.split('x')[1]) || 360;
  const fontSize = Math.max(12, Math.round(height / 14));
  const font = FONT_FILES.find((file) => existsSync(file));
  const draw = [
    ...(font ? [`fontfile=${font}`] : []),
    `textfile=${textFile}`,
    `fontsize=${fontSize}`,
    'fontcolor=white',
    'box=1',
    'boxcolor=black@0.6',
    `boxborderw=${Math.round(fontSize / 3)}`,
    'line_spacing=4',
    `x=${fontSize}`,
    `y=h-text_h-${fontSize}`,
  ].join(':');
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=${rate}`,
    '-vf',
    `drawtext=${draw}`,
    '-an',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    options.bitrate ?? '400k',
    '-g',
    String(rate),
    '-keyint_min',
    String(rate),
    '-error-resilient',
    '1',
    '-auto-alt-ref',
    '0',
    '-payload_type',
    String(options.payloadType ?? 96),
    '-f',
    'rtp',
    // RTCP (sender reports) to the same port, where the receiver drops it; 1200-byte packets fit a
    // WebRTC path after SRTP and header extensions.
    `rtp://${options.host ?? '127.0.0.1'}:${options.port}?rtcpport=${options.port}&pkt_size=1200`,
  ];
}

/** One running ffmpeg. */
export interface TestPatternProcess {
  readonly pid: number | undefined;
  /** Resolves when ffmpeg has exited (by stop() or on its own). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  /** SIGTERM, SIGKILL after 1 s; resolves when it is gone. Idempotent. */
  stop(): Promise<void>;
}

/** Starts ffmpeg sending the test pattern to `options.port`. */
export async function spawnTestPattern(options: TestPatternOptions): Promise<TestPatternProcess> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vela-pattern-'));
  const textFile = path.join(dir, 'text.txt');
  // Line 1 the name, line 2 the clock (drawtext expands %{localtime} per frame).
  await writeFile(textFile, `${drawableLabel(options.label)}\n%{localtime:%T}`);
  const [command, args] = diesWithParent(
    options.ffmpegPath ?? shippedFfmpegPath(),
    testPatternArgs(options, textFile),
  );
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve) => {
      const done = (code: number | null, signal: NodeJS.Signals | null) => {
        void rm(dir, { recursive: true, force: true });
        resolve({ code, signal, stderr });
      };
      child.once('exit', done);
      child.once('error', (error) => {
        stderr += String(error);
        done(null, null);
      });
    },
  );
  let stopping: Promise<void> | undefined;
  return {
    pid: child.pid,
    exited,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 1000);
        await exited;
        clearTimeout(killer);
      })();
      return stopping;
    },
  };
}

export interface TestPatternSourceOptions extends TestPatternOptions {
  /** How long it keeps running after the last viewer left. */
  idleMs: number;
  /** ffmpeg exited without being asked to (the source is down until the next start). */
  onCrash?: (reason: string) => void;
  /** Stopped because nobody watched for `idleMs`. */
  onIdle?: () => void;
}

/** A test pattern started on demand and stopped when nobody has watched for a while. */
export class TestPatternSource {
  private process: TestPatternProcess | undefined;
  private starting: Promise<void> | undefined;
  private viewers = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: TestPatternSourceOptions) {}

  get running(): boolean {
    return this.process !== undefined;
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** Runs ffmpeg if it is not running; without viewers the idle timer runs. */
  start(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('test pattern stopped'));
    if (this.viewers === 0) this.armIdle();
    if (this.process) return Promise.resolve();
    this.starting ??= spawnTestPattern(this.options)
      .then((process) => {
        this.process = process;
        void process.exited.then(({ code, signal, stderr }) => {
          if (this.process !== process) return;
          this.process = undefined;
          this.options.onCrash?.(`ffmpeg exited (code ${code}, signal ${signal}): ${stderr.trim()}`);
        });
      })
      .finally(() => {
        this.starting = undefined;
      });
    return this.starting;
  }

  /** One more viewer: ffmpeg runs, the idle timer is off. */
  retain(): Promise<void> {
    this.viewers += 1;
    this.disarmIdle();
    return this.start();
  }

  /** One viewer fewer: the last one arms the idle timer. */
  release(): void {
    this.viewers = Math.max(0, this.viewers - 1);
    if (this.viewers === 0) this.armIdle();
  }

  /** Kills ffmpeg now; the source cannot start again. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.disarmIdle();
    await this.starting?.catch(() => undefined);
    await this.kill();
  }

  private async kill(): Promise<void> {
    const process = this.process;
    this.process = undefined;
    await process?.stop();
  }

  private armIdle(): void {
    this.disarmIdle();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.viewers > 0) return;
      void this.kill().then(() => this.options.onIdle?.());
    }, this.options.idleMs);
    this.idleTimer.unref();
  }

  private disarmIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}
