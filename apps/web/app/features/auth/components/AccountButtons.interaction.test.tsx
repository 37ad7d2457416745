// @vitest-environment happy-dom
/**
 * The account buttons in the browser (spec 2, 4, 6): a visitor's navbar "Log in" and "Sign up" open
 * the payment dialog in flows login and signup; a guest without an accepted age verification gets
 * "Verify age" in the my-account menu, which opens flow avs.
 */

import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openedFlow, renderWithDialog } from '../../payment-dialog/renderWithDialog.tsx';
import { AccountMenuSection } from './AccountMenuSection.tsx';
import { NavbarAccount } from './NavbarAccount.tsx';

afterEach(cleanup);

describe('account buttons open their dialog flow', () => {
  it.each([
    ['Log in', 'login'],
    ['Sign up', 'signup'],
  ])('a visitor clicks %s in the navbar: flow %s', async (name, flow) => {
    renderWithDialog(<NavbarAccount />, null);
    await userEvent.click(screen.getByRole('button', { name }));
    expect(await openedFlow()).toBe(flow);
  });

  it('a guest without an accepted age verification clicks Verify age in the menu: flow avs', async () => {
    const onAction = vi.fn();
    renderWithDialog(<AccountMenuSection onAction={onAction} />, buildGuestMe());
    await userEvent.click(screen.getByRole('button', { name: /Verify age/ }));
    expect(await openedFlow()).toBe('avs');
  });
});
