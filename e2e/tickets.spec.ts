/**
 * Cam show tickets in real Chromium against the real server (issue 18 deliverable 1): a new guest (age
 * check accepted) tops up, buys a ticket on `/en/cam-shows/` — the balance drops by the price once, the
 * show says "Ticket bought" (also after a reload) and the wallet history has a "Show ticket" row — then
 * returns it before the start and gets the money back.
 */
import { balanceCentsOf, expect, gotoReady, test } from './fixtures.ts';
import { buyingGuest } from './purchase-helpers.ts';

const SHOTS = '/tmp/shots-tickets';

/** Literal texts (packages/i18n/src/messages/tickets.ts and wallet.ts; a test must not reuse the code). */
const TEXT = {
  buy: /^Buy ticket — (\d+) coins?$/,
  bought: 'Ticket bought',
  return: 'Return ticket',
  returned: 'Ticket returned: the coins are back in your wallet.',
  historyRow: 'Show ticket',
};

interface Held {
  ticket: { status: string; priceCents: number };
  show: { id: number; title: string };
}

test('en: a guest tops up, buys a show ticket once, sees it in the wallet history, returns it and gets the money back', async ({
  page,
  request,
  clientIp,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const pageErrors = await buyingGuest(page, { request, clientIp, baseURL }, 'Tix', 2000);
  const tickets = async (): Promise<Held[]> => {
    const answer = await page.request.get('/rest/v1/guest/chatTickets', {
      headers: { 'x-forwarded-for': clientIp },
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { data: { tickets: Held[] } }).data.tickets;
  };

  await gotoReady(page, '/en/cam-shows/');
  const buyButton = page.getByRole('button', { name: TEXT.buy }).first();
  await expect(buyButton).toBeVisible();
  const show = page.locator('li.cam-show').filter({ has: buyButton }).first();
  const title = (await show.locator('.cam-show__title').textContent()) ?? '';
  const coins = Number(TEXT.buy.exec((await buyButton.textContent()) ?? '')?.[1]);
  expect(coins).toBeGreaterThan(0);

  await test.step('buying: the balance drops by the price once, the show says Ticket bought', async () => {
    await buyButton.click();
    const held = page.locator('li.cam-show').filter({ hasText: title }).first();
    await expect(held.getByText(TEXT.bought, { exact: true })).toBeVisible();
    await expect(held.getByRole('button', { name: TEXT.return })).toBeVisible();
    const mine = await tickets();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ ticket: { status: 'bought' }, show: { title } });
    const price = mine[0]?.ticket.priceCents ?? 0;
    expect(await balanceCentsOf(page, clientIp)).toBe(2000 - price);
    await page.screenshot({ path: `${SHOTS}/bought.png`, fullPage: false });
    // After a reload the page knows the ticket (no second charge possible from the page).
    await gotoReady(page, '/en/cam-shows/');
    await expect(
      page.locator('li.cam-show').filter({ hasText: title }).first().getByText(TEXT.bought, { exact: true }),
    ).toBeVisible();
    expect(await balanceCentsOf(page, clientIp)).toBe(2000 - price);
  });

  await test.step('the wallet history shows the ticket', async () => {
    await gotoReady(page, '/en/myvela/');
    const row = page.locator('tbody tr').first();
    await expect(row).toHaveAttribute('data-kind', 'ticket');
    await expect(row.locator('td').nth(1)).toContainText(TEXT.historyRow);
  });

  await test.step('returning before the start refunds the price', async () => {
    await gotoReady(page, '/en/cam-shows/');
    const held = page.locator('li.cam-show').filter({ hasText: title }).first();
    await held.getByRole('button', { name: TEXT.return }).click();
    await expect(held.getByText(TEXT.returned)).toBeVisible();
    await expect(held.getByRole('button', { name: TEXT.buy })).toBeVisible();
    expect(await balanceCentsOf(page, clientIp)).toBe(2000);
    expect((await tickets())[0]?.ticket.status).toBe('removed');
    await page.screenshot({ path: `${SHOTS}/returned.png`, fullPage: false });
  });
  expect(pageErrors).toEqual([]);
});
