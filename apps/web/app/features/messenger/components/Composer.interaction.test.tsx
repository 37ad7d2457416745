// @vitest-environment happy-dom
/**
 * Writing a message (spec 3 message send, spec 4 "Gift message"; issue 19): the next message's price
 * before sending, Enter sends (Shift+Enter does not), the send carries an idempotency key and the
 * shown price, sending clears the text; the gift picker's owned counts and draft price, Escape closes
 * it and gives focus back; "Message" on a profile stores the login action for a visitor.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import type { MessengerGift } from '@vela/contracts/messenger';
import { ON_LOGIN_ACTION_STORAGE_KEY } from '@vela/contracts/payment-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openedFlow, renderInDataRouter, renderWithDialog } from '../../payment-dialog/renderWithDialog.tsx';
import type { Gifts } from '../hooks/useGifts.ts';
import { buildChannel } from '../state/buildChannel.ts';
import { Composer } from './Composer.tsx';
import { MessageActorButton } from './MessageActorButton.tsx';

const channel = buildChannel(9, {
  actorId: 4,
  actorName: 'PearlKai',
  freeMessagesAmount: 1,
  multiChatPrice: { value: 100, currency: 'EUR' },
});
const rose: MessengerGift = {
  id: 1,
  name: 'Rose',
  price: { value: 100, currency: 'EUR' },
  imageUrl: '/media/rose.webp',
  active: true,
  vip: false,
  categoryId: 1,
  translations: [{ language: 'en', name: 'name', value: 'Rose' }],
};
const gifts = (owned: number): Gifts => ({
  status: 'ready',
  gifts: [rose],
  stock: { owned: { '1': owned }, vouchers: 0 },
  byId: new Map([[1, rose]]),
  retry: () => {},
  setStock: () => {},
});

let sent: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    sent.push({ url: input, body });
    const message = {
      id: '77',
      channelId: '9',
      messageType: body.messageType,
      senderType: 'guest',
      text: (body.data as { text: string }).text,
      includedGifts: body.includedGifts ?? [],
      media: null,
      priceCents: 0,
      isVideochat: false,
      isFreechat: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const data = {
      message,
      channel,
      alreadySent: false,
      guestBalance: 8,
      guestBalanceFormatted: '8',
      guestBalanceCents: 200,
    };
    return new Response(JSON.stringify({ success: true, data }), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the composer (issue 19)', () => {
  it('shows the price before sending; Enter sends with a key and the shown price, Shift+Enter does not', async () => {
    const onSent = vi.fn();
    renderInDataRouter(
      '/en/messenger/',
      <Composer lang="en" channel={channel} gifts={gifts(0)} onSent={onSent} onMessage={() => {}} />,
      buildGuestMe({ name: 'Mara' }),
    );
    expect(screen.getByText('Free — 1 free message left')).not.toBeNull();
    const input = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'Hi <b>there</b>' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(sent).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(sent[0]?.url).toBe('/rest/v1/messenger/channel/9/messages?lang=en');
    expect(sent[0]?.body).toMatchObject({
      messageType: 'text',
      data: { text: 'Hi <b>there</b>' },
      expectedPriceCents: 0,
    });
    expect(String(sent[0]?.body.idempotencyKey).length).toBeGreaterThanOrEqual(8);
    expect(input.value).toBe('');
  });

  it('offers the toy only while the performer with a toy is online', () => {
    const render = (isActorOnline: boolean) =>
      renderInDataRouter(
        '/en/messenger/',
        <Composer
          lang="en"
          channel={{ ...channel, isDildocontrolAvailable: true, isActorOnline }}
          gifts={gifts(0)}
          onSent={() => {}}
          onMessage={() => {}}
        />,
        buildGuestMe({ name: 'Mara' }),
      );
    render(false);
    expect(document.querySelector('[data-open-toy]')).toBeNull();
    cleanup();
    render(true);
    expect(document.querySelector('[data-open-toy]')).not.toBeNull();
  });

  it('the gift picker: adding lowers the owned count, an owned gift is free, one more costs; Escape closes it', async () => {
    renderInDataRouter(
      '/en/messenger/',
      <Composer lang="en" channel={channel} gifts={gifts(1)} onSent={() => {}} onMessage={() => {}} />,
      buildGuestMe({ name: 'Mara' }),
    );
    const open = screen.getByRole('button', { name: 'Gifts' });
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Choose gifts' });
    expect(dialog.textContent).toContain('1 owned');
    fireEvent.click(screen.getByRole('button', { name: 'Add Rose' }));
    expect(dialog.textContent).toContain('none owned');
    expect(screen.getByText('This message: Free')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Rose' }));
    expect(screen.getByText('This message: 4 coins')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove one Rose' }));
    expect(screen.getByText('This message: Free')).not.toBeNull();
    act(() => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });
});

describe('"Message" on a profile (visitor)', () => {
  it('opens the login with the stored selectMessengerChannel action for the performer', async () => {
    renderWithDialog(<MessageActorButton actorId={4} lang="en" label="Message" />, null);
    fireEvent.click(screen.getByRole('link', { name: 'Message' }));
    expect(JSON.parse(window.localStorage.getItem(ON_LOGIN_ACTION_STORAGE_KEY) ?? 'null')).toEqual({
      type: 'selectMessengerChannel',
      params: { targetId: 4, options: { by: 'actor' } },
    });
    expect(await openedFlow()).toBe('login');
  });

  it("a guest's link opens the messenger for the performer", () => {
    renderWithDialog(
      <MessageActorButton actorId={4} lang="en" label="Message" />,
      buildGuestMe({ name: 'Mara' }),
    );
    expect(screen.getByRole('link', { name: 'Message' }).getAttribute('href')).toBe('/en/messenger/?actor=4');
  });
});
