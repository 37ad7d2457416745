/**
 * Pro actor search (issue 5 deliverable 5, "done when": pro search by ZIP with distance sort, in en
 * and es): ZIP 10115, a radius, sort by distance -> the list is ordered by distance and the map
 * (drawn from the shipped outlines; no tile server here) has a marker per result and the ZIP's
 * position. The actors it expects are imported through the operator API first.
 */
import AxeBuilder from '@axe-core/playwright';
import { decideConsent, expect, importActors, test } from './fixtures.ts';

const BERLIN = { lat: 52.52437, lon: 13.41053 };

/** A visitor who decided on cookies and answered the Spanish age question: nothing covers the page. */
test.beforeEach(async ({ context, baseURL }) => {
  await decideConsent(context, baseURL, { adult: true });
});

test.beforeAll(async ({ request }, testInfo) => {
  const worker = testInfo.workerIndex;
  await importActors(
    request,
    [
      { name: `PsCentre${worker}`, countryCode: 'DE', zipCode: '10115', ...BERLIN, city: 'Berlin' },
      { name: `PsPotsdam${worker}`, countryCode: 'DE', zipCode: '14467', lat: 52.3989, lon: 13.0657 },
      { name: `PsBrandenburg${worker}`, countryCode: 'DE', zipCode: '14770', lat: 52.4125, lon: 12.5316 },
    ],
    '1996-05-01',
  );
});

for (const lang of ['en', 'es'] as const) {
  const path = lang === 'en' ? '/en/cams/pro-search/' : '/es/cams/busqueda-pro/';
  const labels =
    lang === 'en'
      ? {
          form: 'Search filters',
          zip: 'Postal code (Germany)',
          radius: 'Distance',
          sort: 'Sort by',
          submit: 'Search',
          km: 'within 100 km',
        }
      : {
          form: 'Filtros de búsqueda',
          zip: 'Código postal (Alemania)',
          radius: 'Distancia',
          sort: 'Ordenar por',
          submit: 'Buscar',
          km: 'a menos de 100 km',
        };

  test(`pro search by ZIP 10115 with distance sort: list ordered by distance, markers on the outline map (${lang})`, async ({
    page,
  }, testInfo) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The map is drawn in the browser: outlines from the app's own assets.
    await expect(page.getByTestId('prosearch-map')).toHaveAttribute('data-state', 'ready');

    const form = page.getByRole('form', { name: labels.form });
    await form.getByLabel(labels.zip).fill('10115');
    await form.getByLabel(labels.radius).selectOption({ label: labels.km });
    await form.getByLabel(labels.sort).selectOption('distance');
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes('/rest/v1/actorsearch/search') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: labels.submit }).click();
    expect((await answered).status()).toBe(200);

    const distances = page.getByTestId('prosearch-distance');
    await expect(distances.first()).toBeVisible();
    const kms = (await distances.evaluateAll((nodes) =>
      nodes.map((n) => Number(n.getAttribute('data-km'))),
    )) as number[];
    expect(kms.length).toBeGreaterThanOrEqual(3);
    expect([...kms].sort((a, b) => a - b)).toEqual(kms);
    expect(kms[0]).toBe(0);
    expect(kms.every((km) => km <= 100)).toBe(true);
    const hits = page.getByTestId('prosearch-hit');
    await expect(hits.filter({ hasText: `PsPotsdam${testInfo.workerIndex}` })).toHaveCount(1);

    // One numbered marker per listed result, the searched ZIP's position, drawn outlines.
    const markers = page.getByTestId('prosearch-marker');
    await expect(markers).toHaveCount(kms.length);
    await expect(page.locator('.prosearch__origin')).toHaveCount(1);
    expect(await page.locator('.prosearch__map .leaflet-overlay-pane path').count()).toBeGreaterThan(10);
    // Markers are links a keyboard reaches.
    await markers.first().focus();
    await expect(markers.first()).toBeFocused();
    await expect(markers.first()).toHaveAttribute('href', new RegExp(`^/${lang}/`));

    const axe = await new AxeBuilder({ page }).include('#content').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);

    await page.screenshot({ path: testInfo.outputPath(`prosearch-${lang}.png`), fullPage: true });
  });
}

test('a malformed ZIP shows a message and keeps the results; sort by distance needs a ZIP', async ({
  page,
}) => {
  await page.goto('/en/cams/pro-search/');
  await expect(page.getByTestId('prosearch-map')).toHaveAttribute('data-state', 'ready');
  const form = page.getByRole('form', { name: 'Search filters' });
  await form.getByLabel('Postal code (Germany)').fill('12');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a postal code of 5 digits.');
  await form.getByLabel('Postal code (Germany)').fill('');
  await form.getByLabel('Sort by').selectOption('distance');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a postal code to sort by distance.');
  await expect(page.getByTestId('prosearch-hit').first()).toBeVisible();
});
