/**
 * Spec 9 "large numbers use dot thousands separators" on the server-rendered pages, in every page
 * language (issue 14: English pages printed "2,663 fans"). The test database gets large counts
 * (fans, likes, views, ratings, comments), then the main pages are rendered through the real web
 * build in de/en/nl/es and their visible text (text nodes and the alt/title/aria-label/content
 * attributes) must hold no comma-grouped number. Needs the web build (`npm run build`).
 */

import { LANGUAGES, type Language } from '@vela/contracts/common';
import { queryRows } from '@vela/db/client';
import { sql } from '@vela/db/orm';
import { pathFor } from '@vela/i18n/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/** What a reader sees of a page: its text and its human-readable attributes, without scripts and styles. */
function readableText(html: string): string {
  const withoutCode = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ');
  const attributes = [
    ...withoutCode.matchAll(/\s(?:alt|title|aria-label|placeholder|content)="([^"]*)"/g),
  ].map((m) => m[1] ?? '');
  const text = withoutCode.replace(/<[^>]*>/g, ' ');
  return `${text} ${attributes.join(' ')}`.replace(/&nbsp;|&#160;/g, ' ').replace(/\s+/g, ' ');
}

const COMMA_GROUPED = /\d,\d{3}(?!\d)/;

describe('spec 9 number format on the rendered pages (de/en/nl/es)', () => {
  let t: TestApp;
  let actorName: string;
  let albumId: number;
  let searchWord: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    // Large counts everywhere a page shows one.
    await db.execute(
      sql`update actors set pinned_count = 2663 + id, sedcard_likes = 1234567, is_online = true`,
    );
    await db.execute(
      sql`update albums set total_views = 1234567, likes = 2663, dislikes = 1001, comment_count = 4321`,
    );
    await db.execute(sql`update pictures set likes = 2663, dislikes = 1001`);
    await db.execute(sql`update videos set likes = 2663, views = 1234567, sales_count = 3456`);
    await db.execute(sql`update actor_chat_rates set ratings = 2663`);
    const [row] = await queryRows<{ name: string; albumId: number; title: string }>(
      db,
      sql`select a.name_lower as name, al.id as "albumId", v.title
            from albums al join actors a on a.id = al.actor_id join videos v on v.actor_id = a.id
           where al.type = 'image'
           order by al.id limit 1`,
    );
    if (!row) throw new Error('the test seed has no actor with an image album and a video');
    actorName = row.name;
    albumId = row.albumId;
    searchWord = (row.title.split(/\s+/).find((w) => w.length >= 4) ?? row.name).toLowerCase();
  });
  afterAll(async () => {
    await t?.close();
  });

  const pages = (lang: Language): [string, string][] => [
    ['home', pathFor('Home', lang)],
    ['cams', pathFor('Cams', lang)],
    ['videos', pathFor('Videos', lang)],
    ['all videos', pathFor('Videos/AllVideos', lang)],
    ['profile', pathFor('Actor', lang, { actorName })],
    ['album', pathFor('Actor/Pictures', lang, { actorName, albumId: String(albumId) })],
    ['search', pathFor('Search/Videos', lang, { searchPattern: searchWord })],
    ['vip club', pathFor('VipClub', lang)],
  ];

  it.each(LANGUAGES)(
    '%s: home, cams, videos, a profile, an album, search and the VIP club show no comma-grouped number',
    async (lang) => {
      const problems: string[] = [];
      for (const [name, url] of pages(lang)) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
        expect(res.statusCode, `${name} ${url} -> ${res.headers.location ?? ''}`).toBe(200);
        const text = readableText(res.body);
        const found = COMMA_GROUPED.exec(text);
        if (found)
          problems.push(`${name} ${url}: …${text.slice(Math.max(0, found.index - 40), found.index + 40)}…`);
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(LANGUAGES)(
    '%s: the large counts are there, dot-grouped (the cams page: "2.6xx" fans)',
    async (lang) => {
      const res = await t.app.inject({ method: 'GET', url: pathFor('Cams', lang) });
      expect(res.statusCode).toBe(200);
      expect(readableText(res.body)).toMatch(/\b2\.6\d\d\b/);
    },
  );
});
