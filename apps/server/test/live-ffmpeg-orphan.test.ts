/**
 * No orphaned encoder (issue 16, decision 0038 part 5): a node process that dies by SIGKILL takes its
 * test-pattern ffmpeg children with it (test-pattern.ts starts them through `setpriv --pdeathsig
 * KILL`). A real node process (tsx's loader, as the server runs) starts a test pattern the way the
 * media paths do (`spawnTestPattern`); the test kills that process with SIGKILL, and the ffmpeg is
 * gone within a few seconds. Linux only (the kernel's parent-death signal).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from './webrtc-browser.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TEST_PATTERN = new URL('../src/modules/live/media/test-pattern.ts', import.meta.url).href;

/** Whether a process runs (a zombie waiting for its reaper has ended). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state …: the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

let node: ChildProcess | undefined;
let receiver: Socket | undefined;
let ffmpegPid: number | undefined;

afterAll(() => {
  if (node?.pid && running(node.pid)) process.kill(node.pid, 'SIGKILL');
  if (ffmpegPid && running(ffmpegPid)) process.kill(ffmpegPid, 'SIGKILL');
  receiver?.close();
});

describe.runIf(process.platform === 'linux')('a node killed with SIGKILL leaves no ffmpeg behind', () => {
  it('the test pattern ffmpeg of a SIGKILLed node process is gone within a few seconds', async () => {
    const socket = createSocket('udp4');
    receiver = socket;
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    let packets = 0;
    socket.on('message', () => {
      packets += 1;
    });
    const code = `
      const { spawnTestPattern } = await import(${JSON.stringify(TEST_PATTERN)});
      const pattern = await spawnTestPattern({ label: 'Orphan', port: ${socket.address().port}, size: '160x90', rate: 5 });
      process.stdout.write(JSON.stringify({ node: process.pid, ffmpeg: pattern.pid }) + '\\n');
      setInterval(() => {}, 1000);
    `;
    const env = { ...process.env };
    for (const name of Object.keys(env))
      if (name.startsWith('VITEST') || name === 'NODE_OPTIONS') delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    node = child;
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    await waitFor(`the node's pids (${output})`, () => output.includes('"ffmpeg"'), 30_000);
    const pids = JSON.parse(output.slice(0, output.indexOf('\n'))) as { node: number; ffmpeg: number };
    ffmpegPid = pids.ffmpeg;
    expect(pids.node).toBe(child.pid);
    // It encodes: its RTP arrives.
    await waitFor('RTP from the test pattern', () => packets > 0, 15_000);
    expect(running(pids.ffmpeg)).toBe(true);

    child.kill('SIGKILL');
    await waitFor('the node process gone', () => !running(pids.node), 5_000);
    await waitFor('its ffmpeg gone', () => !running(pids.ffmpeg), 5_000);
    const after = packets;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(packets - after).toBe(0);
  }, 60_000);
});
