/**
 * Table ownership (issue 15, docs/decisions/0031): every table is declared in the schema file of the
 * server module that owns it (packages/db/src/schema/<module>.ts; `infra.ts` for apps/server/src/infra),
 * and no server code touches another owner's table: imports it, from that file (`@vela/db/schema/<x>`)
 * or through the barrel (`@vela/db/schema`), or names it in SQL text (after from, join, into, update).
 * Ownership is read from the schema files' exports, so a table moved to another file changes its owner
 * here without a second list. Not seen: a table name built at run time (gallery's RATING_TABLES).
 *
 * Scanned: every .ts file of apps/server/src, tests inside modules included. Code outside modules/ and
 * infra/ (http/, app.ts, ...) owns no table, so each table it touches is a finding. Not scanned:
 * apps/server/test, which drives the whole app and arranges rows in any table, and packages/db (the
 * seed fills every table).
 *
 * Known cross-module uses when the rule came are listed in EXCEPTIONS; the list may only shrink, and
 * its total is pinned (EXCEPTIONS_TOTAL).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_SRC = 'apps/server/src';
const MODULES = `${SERVER_SRC}/modules`;
const INFRA = `${SERVER_SRC}/infra`;
const SCHEMA_DIR = 'packages/db/src/schema';
/** The owner name of apps/server/src/infra and of its schema file. */
const INFRA_OWNER = 'infra';

/**
 * Cross-module table uses that still exist: file -> tables of another owner it imports or names in SQL.
 * Remove an entry (or a table of it) once the file asks the owning module instead; the test below fails
 * while a listed use is gone, so the list follows the code. Empty since the last uses went to the
 * owners' reads and SQL parts (decision 0037).
 */
const EXCEPTIONS: Record<string, string[]> = {};
/**
 * How many (file, table) exceptions there are: 80 when the rule came (issue 15: 68 imports, then 12
 * tables named only in SQL text), 0 since decision 0037's pass. Lowered with each fix, so the list
 * can never grow back without editing this number.
 */
const EXCEPTIONS_TOTAL = 0;

interface TableImport {
  /** The imported name (before `as`), or `*` for a namespace import, `export *` or import(). */
  name: string;
  specifier: string;
}

const SCHEMA_SPECIFIER = /^(?:@vela\/db\/schema|.*\/db\/src\/schema(?:\.ts)?)(?:\/([\w-]+)(?:\.ts)?)?$/;

/**
 * A table named in SQL text: after from, join, into, update or table (quoted or not). Interpolated
 * parts of a template (`from ${videos}`) are drizzle objects, which the imports already show.
 */
const SQL_TABLE = /\b(?:from|join|into|update|table)\s+("?)([a-z_][a-z0-9_]*)\1(?![\w.(])/gi;

/** What a source text reaches of the schema: its imports (static, re-exports, import()) and the SQL names in its literals. */
function schemaUsesOf(fileName: string, text: string): { imports: TableImport[]; sqlNames: string[] } {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const imports: TableImport[] = [];
  const sqlNames: string[] = [];
  const scanSql = (literal: string): void => {
    for (const match of literal.matchAll(SQL_TABLE)) sqlNames.push(match[2]!.toLowerCase());
  };
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const specifier = node.moduleSpecifier.text;
      if (!SCHEMA_SPECIFIER.test(specifier)) return;
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements)
          imports.push({ name: (element.propertyName ?? element.name).text, specifier });
      } else {
        // `import * as s`, `export *`, `export * as s`, a default import or a side-effect import: every
        // table the specifier reaches.
        imports.push({ name: '*', specifier });
      }
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      SCHEMA_SPECIFIER.test(node.arguments[0].text)
    ) {
      imports.push({ name: '*', specifier: node.arguments[0].text });
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) scanSql(node.text);
    else if (ts.isTemplateExpression(node)) {
      // Each span apart, so that `from ${x} where` names nothing.
      scanSql(`${node.head.text} `);
      for (const span of node.templateSpans) scanSql(` ${span.literal.text} `);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, sqlNames };
}

/** The owner of a server source file: its module folder, `infra`, or null (owns no table). */
function ownerOfFile(file: string): string | null {
  if (file.startsWith(`${MODULES}/`)) return file.slice(MODULES.length + 1).split('/')[0] ?? null;
  if (file.startsWith(`${INFRA}/`)) return INFRA_OWNER;
  return null;
}

/** Read from the exports of packages/db/src/schema/<owner>.ts. */
interface Ownership {
  /** Export name -> owner. */
  owners: Map<string, string>;
  /** SQL table name -> export name. */
  tables: Map<string, string>;
}

/**
 * The tables of another owner that a file imports or names in SQL, by export name. `*` of the barrel
 * reaches every table not its own; `*` of a schema file, that file's tables.
 */
function foreignTables(file: string, text: string, { owners, tables }: Ownership): string[] {
  const own = ownerOfFile(file);
  const { imports, sqlNames } = schemaUsesOf(file, text);
  const reached = imports.flatMap(({ name, specifier }) => {
    const schemaFile = SCHEMA_SPECIFIER.exec(specifier)?.[1];
    if (name !== '*') return [name];
    return [...owners].filter(([, owner]) => !schemaFile || owner === schemaFile).map(([table]) => table);
  });
  for (const sqlName of sqlNames) {
    const table = tables.get(sqlName);
    if (table) reached.push(table);
  }
  const foreign = reached.filter((table) => {
    const owner = owners.get(table);
    return owner !== undefined && owner !== own;
  });
  return [...new Set(foreign)].sort();
}

function serverFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return serverFiles(rel);
    return entry.name.endsWith('.ts') ? [rel] : [];
  });
}

const isTable = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value;
const sqlNameOf = (table: object): string => (table as Record<symbol, string>)[Symbol.for('drizzle:Name')]!;

const moduleNames = readdirSync(path.join(ROOT, MODULES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const owners = new Set([...moduleNames, INFRA_OWNER]);
const schemaFiles = readdirSync(path.join(ROOT, SCHEMA_DIR)).filter((f) => f.endsWith('.ts'));

/** Exports per schema file (values only: types have no owner). */
const exportsOf = new Map<string, Record<string, unknown>>();
const ownership: Ownership = { owners: new Map(), tables: new Map() };
/** Findings of the tree: file -> foreign tables. */
const findings = new Map<string, string[]>();

beforeAll(async () => {
  for (const file of schemaFiles) {
    const exported = (await import(pathToFileURL(path.join(ROOT, SCHEMA_DIR, file)).href)) as Record<
      string,
      unknown
    >;
    exportsOf.set(path.basename(file, '.ts'), exported);
  }
  for (const [owner, exported] of exportsOf) {
    if (!owners.has(owner)) continue;
    for (const [name, value] of Object.entries(exported)) {
      ownership.owners.set(name, owner);
      if (isTable(value)) ownership.tables.set(sqlNameOf(value as object), name);
    }
  }
  for (const file of serverFiles(SERVER_SRC)) {
    const tables = foreignTables(file, readFileSync(path.join(ROOT, file), 'utf8'), ownership);
    if (tables.length > 0) findings.set(file, tables);
  }
});

describe('table ownership', () => {
  it('every schema file is an owner (a server module or infra) or holds no table', () => {
    const stray = [...exportsOf]
      .filter(([owner, exported]) => !owners.has(owner) && Object.values(exported).some(isTable))
      .map(([owner]) => owner);
    expect(stray).toEqual([]);
    // Each table has exactly one owner: no name is exported by two schema files.
    const names = [...exportsOf].filter(([owner]) => owners.has(owner)).flatMap(([, e]) => Object.keys(e));
    expect(names.length).toBe(new Set(names).size);
  });

  it('the barrel @vela/db/schema exports every table of the schema files (what drizzle-kit reads)', async () => {
    const barrel = (await import('@vela/db/schema')) as Record<string, unknown>;
    const inFiles = [...exportsOf.values()].flatMap((e) => Object.keys(e).filter((name) => isTable(e[name])));
    expect(inFiles.filter((name) => !(name in barrel))).toEqual([]);
    expect(
      Object.keys(barrel).filter((name) => isTable(barrel[name]) && !ownership.owners.has(name)),
    ).toEqual([]);
  });

  it('no server file imports another module’s table, except the listed ones', () => {
    const unlisted = [...findings].flatMap(([file, tables]) =>
      tables.filter((table) => !EXCEPTIONS[file]?.includes(table)).map((table) => `${file}: ${table}`),
    );
    expect(unlisted).toEqual([]);
  });

  it('every listed exception still occurs (remove the ones fixed)', () => {
    const stale = Object.entries(EXCEPTIONS).flatMap(([file, tables]) =>
      tables.filter((table) => !findings.get(file)?.includes(table)).map((table) => `${file}: ${table}`),
    );
    expect(stale).toEqual([]);
  });

  it('the exception list only shrinks (its total is the number above)', () => {
    const total = Object.values(EXCEPTIONS).reduce((sum, tables) => sum + tables.length, 0);
    expect(total).toBe(EXCEPTIONS_TOTAL);
  });

  describe('the rule itself, on planted sources', () => {
    const wallet = `${MODULES}/wallet/wallet.repository.ts`;
    const foreign = (file: string, text: string) => foreignTables(file, text, ownership);

    it('lets a module import its own tables, from its file or the barrel', () => {
      expect(foreign(wallet, `import { ledgerEntries } from '@vela/db/schema/wallet';`)).toEqual([]);
      expect(
        foreign(wallet, `import { ledgerAccounts, type LocalizedText } from '@vela/db/schema';`),
      ).toEqual([]);
      expect(
        foreign(`${INFRA}/rate-limit.ts`, `import { rateLimitCounters } from '@vela/db/schema';`),
      ).toEqual([]);
    });

    it('finds another owner’s table through the barrel and through its file', () => {
      expect(
        foreign(wallet, `import {\n  guests, // the owner\n  ledgerEntries,\n} from '@vela/db/schema';`),
      ).toEqual(['guests']);
      expect(foreign(wallet, `import { guests as g } from '@vela/db/schema/guests';`)).toEqual(['guests']);
      expect(foreign(wallet, `import type { paymentCharges } from "@vela/db/schema/payments.ts";`)).toEqual([
        'paymentCharges',
      ]);
      expect(foreign(wallet, `export { vouchers } from '@vela/db/schema';`)).toEqual(['vouchers']);
      expect(foreign(wallet, `import { actors } from '../../../../../packages/db/src/schema.ts';`)).toEqual([
        'actors',
      ]);
    });

    it('counts a namespace import, export * and import() as every table they reach', () => {
      const others = [...ownership.owners].filter(([, owner]) => owner !== 'wallet').map(([table]) => table);
      expect(foreign(wallet, `import * as schema from '@vela/db/schema';`)).toEqual(others.sort());
      expect(foreign(wallet, `export * from '@vela/db/schema/guests';`)).toContain('guestSessions');
      expect(foreign(wallet, `const s = await import('@vela/db/schema/guests');`)).toContain('guests');
      expect(foreign(wallet, `import * as mine from '@vela/db/schema/wallet';`)).toEqual([]);
    });

    it('finds another owner’s table named in SQL text, and not a word that only looks like one', () => {
      expect(
        foreign(wallet, 'sql`select g.screen_name from guests g join ledger_accounts a on true`'),
      ).toEqual(['guests']);
      expect(foreign(wallet, `sql\`update videos set views = views + 1 where id = \${id}\``)).toEqual([
        'videos',
      ]);
      expect(foreign(wallet, `const q = 'insert into "purchases" (guest_id) values ($1)';`)).toEqual([
        'purchases',
      ]);
      expect(
        foreign(wallet, `sql\`select 1 from \${videos} v where v.id in (select id from albums)\``),
      ).toEqual(['albums']);
      expect(foreign(wallet, 'sql`select * from ledger_entries`; // a comment: from guests')).toEqual([]);
      expect(foreign(wallet, `const m = 'ask the videos module'; const n = 'from videos_archive';`)).toEqual(
        [],
      );
    });

    it('treats code outside modules and infra as owning no table', () => {
      expect(
        foreign(`${SERVER_SRC}/http/age-gate.ts`, `import { ledgerEntries } from '@vela/db/schema';`),
      ).toEqual(['ledgerEntries']);
    });
  });
});
