// @vitest-environment happy-dom
/**
 * Toy control from the messenger (issue 19 deliverable 4): the presets and prices of
 * `GET live/toys/:actorId`; a preset sends `messenger/channel/:id/toy` with a new uuid `actionId`;
 * a refused command says the coins are back; a performer without a toy now says so.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import type { MessengerChannel } from '@vela/contracts/messenger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInDataRouter } from '../../payment-dialog/renderWithDialog.tsx';
import { ToyPanel } from './ToyPanel.tsx';

const channel = { channelId: '9', actorId: 4, actorName: 'PearlKai' } as MessengerChannel;
const state = { actorId: 4, status: 'idle', level: 0, until: null };

function serve(available: boolean, status: 'done' | 'refunded') {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    calls.push({ url: input, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
    if (input.startsWith('/rest/v1/live/toys/4')) {
      const presets = [{ preset: 'soft', level: 3, durationMs: 5000, price: { value: 10, currency: 'VXC' } }];
      return new Response(JSON.stringify({ success: true, data: { available, state, presets } }));
    }
    const message = {
      id: '12',
      channelId: '9',
      messageType: 'toy',
      senderType: 'guest',
      text: 'soft',
      includedGifts: [],
      media: null,
      priceCents: 250,
      isVideochat: false,
      isFreechat: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const data = {
      message,
      state,
      status,
      price: { value: 10, currency: 'VXC' },
      guestBalance: 0,
      guestBalanceFormatted: '0',
      guestBalanceCents: 0,
    };
    return new Response(JSON.stringify({ success: true, data }));
  });
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the toy panel (issue 19)', () => {
  it('offers the presets with prices; a preset is one paid action with a uuid; a refusal says the coins are back', async () => {
    const calls = serve(true, 'refunded');
    const onMessage = vi.fn();
    renderInDataRouter(
      '/en/messenger/',
      <ToyPanel lang="en" channel={channel} onMessage={onMessage} onClose={() => {}} />,
      buildGuestMe(),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Soft · 10 coins' }));
    await waitFor(() => expect(onMessage).toHaveBeenCalledTimes(1));
    expect(screen.getByText('The toy did not take it; your coins are back.')).not.toBeNull();
    const action = calls.find((c) => c.url === '/rest/v1/messenger/channel/9/toy?lang=en');
    expect(action?.body.preset).toBe('soft');
    expect(String(action?.body.actionId)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a performer without a toy now: said, no presets', async () => {
    serve(false, 'done');
    renderInDataRouter(
      '/en/messenger/',
      <ToyPanel lang="en" channel={channel} onMessage={() => {}} onClose={() => {}} />,
      buildGuestMe(),
    );
    expect(await screen.findByText('The toy is not available right now.')).not.toBeNull();
    expect(screen.queryByRole('button', { name: /coins/ })).toBeNull();
  });
});
