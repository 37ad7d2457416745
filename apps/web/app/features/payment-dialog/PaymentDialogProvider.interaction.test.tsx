// @vitest-environment happy-dom
/**
 * The dialog host loads on first use (issue 15, decision 0035): a page renders only the provider, and a
 * click on a dialog button opens the dialog once the host's code has arrived. The click is not lost, the
 * overlay and spinner show while the code loads, the onLoginAction is stored in the click itself, and
 * Escape cancels a dialog that is still loading (focus back on the button).
 */

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ON_LOGIN_ACTION_STORAGE_KEY } from '@vela/contracts/payment-messages';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenDialogButton } from './OpenDialogButton.tsx';
import { openedFlow, renderWithDialog } from './renderWithDialog.tsx';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const frame = () => document.querySelector('iframe.payment-dialog__frame');
const loading = () => document.querySelector('[data-dialog-loading]');

describe('the payment dialog host loads on first use', () => {
  it('the first render has no dialog host; a click shows the loading spinner at once, then opens its flow', async () => {
    renderWithDialog(
      <OpenDialogButton flow="signup" className="b">
        Sign up
      </OpenDialogButton>,
      null,
    );
    expect(document.querySelector('[data-payment-dialog]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(loading()).not.toBeNull();
    expect(loading()?.querySelector('[data-dialog-spinner][role="status"]')).not.toBeNull();
    expect(await openedFlow()).toBe('signup');
    expect(loading()).toBeNull();
    expect(document.querySelector('[data-payment-dialog]')?.getAttribute('data-dialog-state')).toBe(
      'created',
    );
  });

  it('the onLoginAction is stored in the click, before the dialog code has loaded', async () => {
    const action = { type: 'showPaytour', params: {} } as const;
    renderWithDialog(
      <OpenDialogButton flow="login" className="b" options={{ onLoginAction: action }}>
        Log in
      </OpenDialogButton>,
      null,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(frame()).toBeNull();
    expect(window.localStorage.getItem(ON_LOGIN_ACTION_STORAGE_KEY)).toBe(JSON.stringify(action));
    expect(await openedFlow()).toBe('login');
  });

  it('Escape while the code loads cancels the dialog and gives focus back to the button', async () => {
    renderWithDialog(
      <OpenDialogButton flow="login" className="b">
        Log in
      </OpenDialogButton>,
      null,
    );
    const button = screen.getByRole('button', { name: 'Log in' });
    button.focus();
    fireEvent.click(button);
    expect(loading()).not.toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(loading()).toBeNull();
    // Once the host's code is there, the cancelled dialog does not open.
    await act(() => import('./PaymentDialogHost.tsx'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(frame()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
    // The next click opens it.
    fireEvent.click(button);
    expect(await openedFlow()).toBe('login');
  });
});
