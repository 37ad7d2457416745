import Module, { register } from 'node:module';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit reads `schema` and `out` relative to its working directory: `npm run db:generate`
// runs it in packages/db.
const here = new URL('.', import.meta.url);

// npm keeps drizzle-orm nested in packages/db/node_modules (its optional peers keep it from being
// hoisted), while drizzle-kit is hoisted to the root and imports drizzle-orm from there. Resolve
// drizzle-orm for drizzle-kit as if imported from this package (see docs/decisions/0002).
const hook = `
const parentURL = ${JSON.stringify(new URL('package.json', here).href)};
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
// drizzle-kit also require()s drizzle-orm (CommonJS): add this package's node_modules to the lookup.
process.env.NODE_PATH = new URL('node_modules', here).pathname;
(Module as unknown as { _initPaths(): void })._initPaths();

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
