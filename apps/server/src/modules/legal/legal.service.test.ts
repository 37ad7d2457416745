import { and, eq } from '@vela/db/orm';
import { legalTexts } from '@vela/db/schema/legal';
import { createTestDatabase, type TestDatabase, testBackend } from '@vela/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLegalService } from './legal.service.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe(`legal texts (${testBackend})`, () => {
  it('returns the newest version of a text type in the requested language', async () => {
    const legal = createLegalService(database.db);
    const gtc = await legal.legalText('de', 'GTC');
    expect(gtc).toMatchObject({ type: 'GTC', product: 'vela', language: 'de', version: '2.0' });
    expect(gtc!.html).toContain('<h2>§ 1 Geltungsbereich</h2>');
    expect(gtc!.html).not.toMatch(/<script/i);
    const imprint = await legal.legalText('es', 'IMP');
    expect(imprint).toMatchObject({ type: 'IMP', language: 'es' });
    expect(imprint!.html).toContain('Vela Media GmbH');
  });

  it('falls back to en when the language has no text (en is the fallback, spec 2)', async () => {
    await database.db.delete(legalTexts).where(and(eq(legalTexts.type, 'PP'), eq(legalTexts.language, 'nl')));
    const legal = createLegalService(database.db);
    const pp = await legal.legalText('nl', 'PP');
    expect(pp).toMatchObject({ type: 'PP', language: 'en' });
    expect(pp!.html).toContain('The controller responsible for processing your personal data');
    await database.db.delete(legalTexts).where(eq(legalTexts.type, 'PP'));
    expect(await legal.legalText('nl', 'PP')).toBeNull();
  });
});
