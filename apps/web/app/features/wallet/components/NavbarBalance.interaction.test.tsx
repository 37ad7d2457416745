// @vitest-environment happy-dom
/**
 * The balance buttons in the browser (issue 4): the navbar balance and the my-account menu's
 * "Top up" open the payment dialog in flow moneycharge; the menu's button also closes the menu.
 */

import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountMenuSection } from '../../auth/components/AccountMenuSection.tsx';
import { openedFlow, renderWithDialog } from '../../payment-dialog/renderWithDialog.tsx';
import { NavbarBalance } from './NavbarBalance.tsx';

const viewer = buildGuestMe({ balance: 40, balanceCents: 1_010, isPayingCustomer: true });

afterEach(cleanup);

describe('balance buttons open the top-up', () => {
  it('the navbar balance button opens the payment dialog in flow moneycharge', async () => {
    renderWithDialog(<NavbarBalance />, viewer);
    expect(document.querySelector('iframe.payment-dialog__frame')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Balance: 40 coins. Top up' }));
    expect(await openedFlow()).toBe('moneycharge');
  });

  it("the my-account menu's Top up closes the menu and opens flow moneycharge", async () => {
    const onAction = vi.fn();
    renderWithDialog(<AccountMenuSection onAction={onAction} />, viewer);
    await userEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(await openedFlow()).toBe('moneycharge');
  });
});
