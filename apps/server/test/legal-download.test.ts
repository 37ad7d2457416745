/**
 * Spec 7 `asset/legal-text/download/{legalTextId}` through HTTP against a real database: the stored
 * legal text (spec 3: type, product, version, language) as a standalone HTML file with
 * Content-Disposition attachment and a safe file name; 404 for an unknown id, 400 for a non-numeric
 * one (nothing is read for it).
 */
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalFileName } from '../src/modules/legal/legal-download.ts';
import { nextIp } from './guest-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** This file's client addresses (10.76.x.y). */
const NET = '10.76';

let t: TestApp;

const download = (id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/rest/v1/asset/legal-text/download/${id}`,
    remoteAddress: nextIp(NET),
  });

beforeAll(async () => {
  t = await createTestApp();
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('asset/legal-text/download/{legalTextId} (spec 7)', () => {
  it('answers the stored text as an HTML file: attachment, safe name, standalone document in its language', async () => {
    const [row] = await queryRows<{ id: number; version: string; html: string }>(
      t.database.db,
      sql`select id, version, html from legal_texts where type = 'GTC' and language = 'de' order by id desc limit 1`,
    );
    const answer = await download(String(row!.id));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="vela-terms-de-v${row!.version}.html"`,
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(String(answer.headers['content-security-policy'])).toMatch(/^sandbox; default-src 'none'/);
    expect(answer.body).toMatch(/^<!doctype html>\n<html lang="de">/);
    expect(answer.body).toContain(`Allgemeine Geschäftsbedingungen (Version ${row!.version})</title>`);
    expect(answer.body).toContain(row!.html);
    expect(answer.body.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('names each kind and language; odd characters never reach the file name', async () => {
    const [pp] = await queryRows<{ id: number; language: string; version: string }>(
      t.database.db,
      sql`select id, language, version from legal_texts where type = 'PP' and language = 'en' limit 1`,
    );
    expect((await download(String(pp!.id))).headers['content-disposition']).toBe(
      `attachment; filename="vela-privacy-en-v${pp!.version}.html"`,
    );
    expect(legalFileName({ product: 'Vela "x"/..', type: 'IMP', language: 'es', version: '3\r\n.1;' })).toBe(
      'vela-x-imprint-es-v3-.1.html',
    );
  });

  it.each([
    ['2000000000', 404, 'NOT_FOUND'],
    ['abc', 400, 'VALIDATION_ERROR'],
    ['-1', 400, 'VALIDATION_ERROR'],
    ['1e3', 400, 'VALIDATION_ERROR'],
    ['0', 400, 'VALIDATION_ERROR'],
    ['99999999999', 400, 'VALIDATION_ERROR'],
  ])('id %s: %i %s, no file', async (id, status, code) => {
    const answer = await download(id);
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['content-disposition']).toBeUndefined();
    expect(answer.json().error.code).toBe(code);
  });
});
