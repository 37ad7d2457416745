#!/usr/bin/env node
// Adds up the Vitest and Playwright JSON reports of the given report directories and prints one closing line:
// "N passed, N failed". Exits 1 when a report is missing or anything failed. A directory given as
// `<dir>:unit` holds only a Vitest report (a pass without browser tests), `<dir>:e2e` only a Playwright report.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;
for (const arg of process.argv.slice(2)) {
  const unitOnly = arg.endsWith(':unit');
  const e2eOnly = arg.endsWith(':e2e');
  const dir = unitOnly || e2eOnly ? arg.slice(0, arg.lastIndexOf(':')) : arg;
  const vitest = join(dir, 'vitest.json');
  const playwright = join(dir, 'playwright.json');
  if (e2eOnly) {
    // A browser-only pass: no Vitest report is expected.
  } else if (existsSync(vitest)) {
    const r = JSON.parse(readFileSync(vitest, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    console.log(`${dir}: vitest ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
    for (const file of r.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'failed') console.log(`  FAILED ${file.name} > ${t.fullName}`);
      }
    }
  } else {
    console.log(`${dir}: no vitest report`);
    missing = true;
  }
  if (unitOnly) {
    if (existsSync(playwright)) console.log(`${dir}: playwright report ignored (unit-only pass)`);
  } else if (existsSync(playwright)) {
    const report = JSON.parse(readFileSync(playwright, 'utf8'));
    const s = report.stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
    console.log(
      `${dir}: playwright ${s.expected + s.flaky} passed (${s.flaky} flaky), ${s.unexpected} failed`,
    );
    for (const title of failedPlaywrightTests(report.suites ?? [], [])) console.log(`  FAILED ${title}`);
  } else {
    console.log(`${dir}: no playwright report`);
    missing = true;
  }
}
/** The titles (file > describe > test) of the tests whose outcome was unexpected, with their first error line. */
function failedPlaywrightTests(suites, path) {
  const out = [];
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message?.split('\n')[0] ?? '';
        out.push(`${[...here, spec.title].join(' > ')}${error ? ` -- ${error}` : ''}`);
      }
    }
    out.push(...failedPlaywrightTests(suite.suites ?? [], here));
  }
  return out;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || missing ? 1 : 0);
