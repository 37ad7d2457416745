/**
 * The import boundaries that `npm run lint` (`biome check`) enforces, proved by planting imports:
 * packages/domain stays pure (no Node built-in, no driver, no @vela/db, at any subpath), web and pay
 * never reach the database or server code, and a server module never imports another module's
 * repository (STYLE.md "Layout and boundaries"). Each planted file sits at the path it names inside a
 * temporary copy of the project's biome.json, so the real tree is never touched; a file with an allowed
 * import beside it must pass, so a failure is the rule's and not the formatter's.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

const DOMAIN_RULE = 'packages/domain is pure';
const CLIENT_RULE = 'web and pay code never talks to the database nor imports server code';
const MODULE_RULE = 'a server module uses another module through its service';

type Rule = typeof DOMAIN_RULE | typeof CLIENT_RULE | typeof MODULE_RULE;

interface Planted {
  /** Where the import sits: exact, since the issue-15 exception list names files. */
  file: string;
  from: string;
  /** `import type` too: a type import of a forbidden module still ties the code to it. */
  typeOnly?: boolean;
  /** The rule whose message the lint must print, or null when the import is allowed. */
  refusedBy: Rule | null;
}

const refused = (rule: Rule, file: string, from: string, typeOnly = false): Planted => ({
  file,
  from,
  typeOnly,
  refusedBy: rule,
});
const allowed = (file: string, from: string): Planted => ({ file, from, refusedBy: null });

/** Distinct names where no exception list applies, so that one biome run lints them all. */
let serial = 0;
const DOMAIN_FILE = () => `packages/domain/src/pricing-${serial++}.ts`;
const DOMAIN_CASES: Planted[] = [
  ...[
    '@vela/db/client',
    '@vela/db/schema',
    '@vela/db',
    'node:fs/promises',
    'node:fs',
    'node:net',
    'node:http',
    'node:child_process',
    'fs/promises',
    'pg',
    'pg/lib/client',
    'ioredis',
    'fastify',
    '@fastify/websocket',
    'drizzle-orm/pg-core',
    '@electric-sql/pglite',
    '@node-rs/argon2',
    '@vela/server/app',
    '../../../apps/server/src/config.ts',
  ].map((from) => refused(DOMAIN_RULE, DOMAIN_FILE(), from)),
  refused(DOMAIN_RULE, DOMAIN_FILE(), '@vela/db/schema', true),
  allowed(DOMAIN_FILE(), './money-format.ts'),
  allowed(DOMAIN_FILE(), '@vela/domain/coins'),
  allowed(DOMAIN_FILE(), '@zxcvbn-ts/language-common'),
];

const HOME = () => `apps/web/app/routes/home-${serial++}.tsx`;
const CLIENT_CASES: Planted[] = [
  refused(CLIENT_RULE, 'apps/web/app/features/wallet/api/walletApi.ts', '@vela/db/client'),
  refused(CLIENT_RULE, HOME(), '@vela/db/schema'),
  refused(CLIENT_RULE, HOME(), '@vela/db'),
  refused(CLIENT_RULE, HOME(), 'pg'),
  refused(CLIENT_RULE, HOME(), 'drizzle-orm'),
  refused(CLIENT_RULE, HOME(), '@vela/server/app'),
  refused(CLIENT_RULE, HOME(), '../../../server/src/modules/wallet/wallet.service.ts'),
  refused(CLIENT_RULE, HOME(), '../features/auth/session.server.ts'),
  refused(CLIENT_RULE, HOME(), '~/features/auth/session.server'),
  refused(CLIENT_RULE, 'apps/pay/src/api.ts', '@vela/db/client'),
  refused(CLIENT_RULE, 'apps/pay/src/api.ts', '../../server/src/pay-server.ts'),
  allowed(HOME(), '@vela/contracts/common'),
  allowed(HOME(), '../features/auth/useViewer.tsx'),
  allowed('apps/pay/src/api.ts', '@vela/domain/coins'),
];

interface Override {
  includes: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { options?: { patterns?: { group: string[] }[] } } } };
  };
}

/**
 * The issue-15 exception list of biome.json: each file named there may import the one repository its
 * pattern group lets through (`!../guests/guests.repository.ts`). Read from the config, so the cases
 * follow the list as issue 15 shortens it.
 */
const EXCEPTIONS = (
  JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as { overrides: Override[] }
).overrides.flatMap((override) => {
  const group = override.linter?.rules?.style?.noRestrictedImports?.options?.patterns?.[0]?.group ?? [];
  const through = group.find((pattern) => pattern.startsWith('!'));
  return through ? override.includes.map((file) => ({ file, repository: through.slice(1) })) : [];
});
/**
 * How many files may import another module's repository: 18 when the rule came (issue 14), none
 * since issue 15 moved them behind the owners' services and read ports. Never raised again.
 */
const EXCEPTIONS_ALLOWED = 0;

const MODULES = 'apps/server/src/modules';
const MODULE_CASES: Planted[] = [
  refused(MODULE_RULE, `${MODULES}/wallet/wallet.routes.ts`, '../guests/guests.repository.ts'),
  refused(MODULE_RULE, `${MODULES}/favorites/favorites.service.ts`, '../catalog/catalog.repository.ts'),
  refused(MODULE_RULE, `${MODULES}/search/search.service.ts`, '../videos/videos.repository'),
  refused(MODULE_RULE, `${MODULES}/payments/payments.routes.ts`, '../guests/guests.repository.ts', true),
  // A file on the exception list may import that one repository, and no other.
  ...EXCEPTIONS.flatMap(({ file, repository }) => [
    allowed(file, repository),
    refused(
      MODULE_RULE,
      file,
      repository.includes('/guests/') ? '../catalog/catalog.repository.ts' : '../guests/guests.repository.ts',
    ),
  ]),
  allowed(`${MODULES}/wallet/wallet.service.ts`, './wallet.repository.ts'),
  allowed(`${MODULES}/wallet/wallet.routes.ts`, '../guests/guests.service.ts'),
  allowed(`${MODULES}/wallet/wallet.routes.ts`, '../../infra/db-errors.ts'),
];

function source({ from, typeOnly }: Planted): string {
  return typeOnly
    ? `import type * as planted from '${from}';\n\nexport type Planted = typeof planted;\n`
    : `import * as planted from '${from}';\n\nexport const value = planted;\n`;
}

interface Outcome {
  /** The exit code of the `biome check` run that linted this file (with others of the same kind). */
  status: number | null;
  messages: string[];
}

const outcomes = new Map<Planted, Outcome>();

/**
 * Plants the cases in rounds (a round holds each path once, and refused and allowed cases apart, so an
 * allowed round must exit 0), runs `biome check` on each round as `npm run lint` does, and removes the
 * round's files before the next. One biome run per round keeps the file fast.
 */
async function lintAll(cases: Planted[]): Promise<void> {
  const rounds: Planted[][] = [];
  for (const entry of cases) {
    const round = rounds.find(
      (candidate) =>
        (candidate[0]!.refusedBy === null) === (entry.refusedBy === null) &&
        !candidate.some((other) => other.file === entry.file),
    );
    if (round) round.push(entry);
    else rounds.push([entry]);
  }
  for (const round of rounds) {
    for (const entry of round) {
      const file = path.join(project.dir, entry.file);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, source(entry));
    }
    const run = spawnSync(
      BIOME,
      [
        'check',
        '--vcs-enabled=false',
        '--reporter=json',
        '--max-diagnostics=none',
        ...round.map((e) => e.file),
      ],
      { cwd: project.dir, encoding: 'utf8' },
    );
    const report = JSON.parse(run.stdout) as {
      diagnostics: { category?: string; message: string; location?: { path?: string } }[];
    };
    for (const entry of round) {
      const messages = report.diagnostics
        .filter((diagnostic) => diagnostic.location?.path === entry.file)
        .map((diagnostic) => `${diagnostic.category}: ${diagnostic.message}`);
      outcomes.set(entry, { status: run.status, messages });
    }
    for (const entry of round) await rm(path.join(project.dir, entry.file));
  }
}

let project: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  project = await tempDir('lint-boundaries');
  await copyFile(path.join(ROOT, 'biome.json'), path.join(project.dir, 'biome.json'));
  await lintAll([...DOMAIN_CASES, ...CLIENT_CASES, ...MODULE_CASES]);
});

afterAll(async () => {
  await project?.remove();
});

const name = ({ file, from, typeOnly, refusedBy }: Planted) =>
  `${file} with ${typeOnly ? 'a type-only import' : 'an import'} of ${from} ${refusedBy ? 'fails' : 'passes'} the lint`;

function expectOutcome(entry: Planted): void {
  const outcome = outcomes.get(entry)!;
  if (entry.refusedBy) {
    expect(outcome.status).not.toBe(0);
    expect(outcome.messages).toContainEqual(
      expect.stringContaining(`lint/style/noRestrictedImports: ${entry.refusedBy}`),
    );
  } else {
    expect(outcome.messages).toEqual([]);
    expect(outcome.status).toBe(0);
  }
}

describe('packages/domain stays pure: no Node built-in, driver or @vela/db (any subpath)', () => {
  it.each(DOMAIN_CASES.map((entry) => [name(entry), entry] as const))('%s', (_, entry) =>
    expectOutcome(entry),
  );
});

describe('web and pay never reach the database or server code', () => {
  it.each(CLIENT_CASES.map((entry) => [name(entry), entry] as const))('%s', (_, entry) =>
    expectOutcome(entry),
  );
});

describe("a server module never imports another module's repository", () => {
  it('the exception list stays empty (issue 15 emptied it)', () => {
    expect(EXCEPTIONS.length).toBeLessThanOrEqual(EXCEPTIONS_ALLOWED);
    expect(EXCEPTIONS.every(({ file }) => file.startsWith(`${MODULES}/`))).toBe(true);
  });

  it.each(MODULE_CASES.map((entry) => [name(entry), entry] as const))('%s', (_, entry) =>
    expectOutcome(entry),
  );
});
