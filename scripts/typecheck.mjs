#!/usr/bin/env node
// `npm run typecheck`: every workspace's TypeScript check, cheaper than one `tsc` per workspace in a row.
// - The server and the packages it imports (contracts, db, domain, geo, i18n) share compiler options: they are
//   checked as one program (tsconfig.node.json, the union of their tsconfigs' files), so the package sources
//   the server imports are checked once instead of once per workspace (decision 0040).
// - The workspaces with other options (web and pay with DOM and JSX, e2e with DOM, bench which imports
//   e2e's DOM code) keep their own `typecheck` script.
// - tsc uses one core: two checks run at a time. Each check's output is printed when it ends; the exit code
//   is 1 when any check failed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/** The workspaces tsconfig.node.json checks together (its `include` lists their tsconfigs' `include`). */
const ONE_PROGRAM = [
  'apps/server',
  'packages/contracts',
  'packages/db',
  'packages/domain',
  'packages/geo',
  'packages/i18n',
];
/** Every other workspace (package.json `workspaces`) with a `typecheck` script runs it. */
const workspaces = JSON.parse(readFileSync('package.json', 'utf8')).workspaces.flatMap((pattern) =>
  pattern.endsWith('/*')
    ? readdirSync(pattern.slice(0, -2)).map((name) => join(pattern.slice(0, -2), name))
    : [pattern],
);
const own = workspaces.filter((dir) => {
  if (ONE_PROGRAM.includes(dir) || !existsSync(join(dir, 'package.json'))) return false;
  return Boolean(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.typecheck);
});
const checks = [
  ['npx', ['tsc', '-p', 'tsconfig.node.json']],
  // The largest first, so the two at a time end close together.
  ...own
    .sort((a, b) => (b === 'apps/web') - (a === 'apps/web') || (b === 'bench') - (a === 'bench'))
    .map((dir) => ['npm', ['run', 'typecheck', '--silent', `--workspace=${dir}`]]),
];

function run([command, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `${code === 0 ? 'ok' : 'FAILED'} ${command} ${args.join(' ')} (${seconds}s)\n${output}`,
      );
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
let failed = false;
const worker = async () => {
  for (let check = queue.shift(); check; check = queue.shift()) if (!(await run(check))) failed = true;
};
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));
process.exit(failed ? 1 : 0);
