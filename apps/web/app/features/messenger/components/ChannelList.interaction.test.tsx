// @vitest-environment happy-dom
/**
 * The channel list (spec 4 "Channels"): filter buttons and the online toggle ask for another list;
 * the arrow keys (and Home / End) move between the channels; a channel's unread count is its badge;
 * selecting calls the controller with the channel; "All read" is offered while anything is unread.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { buildGuestMe } from '@vela/contracts/build-guest-me';
import type { MessengerChannel } from '@vela/contracts/messenger';
import { emptyChannelList, receiveChannels, setUnreadTotal } from '@vela/domain/messenger-channels';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInDataRouter } from '../../payment-dialog/renderWithDialog.tsx';
import type { MessengerController } from '../hooks/useMessenger.ts';
import { buildChannel } from '../state/buildChannel.ts';
import { ChannelList } from './ChannelList.tsx';

const channel = (id: number, unreadCount = 0) =>
  buildChannel(id, {
    isActorOnline: id % 2 === 0,
    unread: unreadCount > 0,
    unreadCount,
    subject: `hello ${id}`,
  });

function controller(unreadTotal = 0) {
  const list = setUnreadTotal(
    receiveChannels(emptyChannelList<MessengerChannel>(), [channel(1), channel(2, 3), channel(3)]),
    unreadTotal,
  );
  return {
    state: { list, listReady: true, conversations: {} },
    changeFilter: vi.fn(),
    select: vi.fn(),
    openActor: vi.fn(),
    markAllSeen: vi.fn(),
  } as unknown as MessengerController & {
    changeFilter: ReturnType<typeof vi.fn>;
    select: ReturnType<typeof vi.fn>;
    markAllSeen: ReturnType<typeof vi.fn>;
  };
}

afterEach(cleanup);

describe('the channel list (spec 4 "Channels")', () => {
  it('arrow keys, Home and End move between the channels; pressing one selects it', () => {
    const messenger = controller();
    renderInDataRouter('/en/messenger/', <ChannelList lang="en" messenger={messenger} />, buildGuestMe());
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[data-channel-id]')];
    expect(buttons.map((b) => b.dataset.channelId)).toEqual(['3', '2', '1']);
    buttons[0]?.focus();
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(buttons[2]);
    fireEvent.keyDown(buttons[2] as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.click(buttons[1] as HTMLElement);
    expect(messenger.select).toHaveBeenCalledWith('2', expect.objectContaining({ channelId: '2' }));
    expect(screen.getByText('3 unread messages')).not.toBeNull();
  });

  it('the filters and the online toggle ask for the list again', () => {
    const messenger = controller();
    renderInDataRouter('/en/messenger/', <ChannelList lang="en" messenger={messenger} />, buildGuestMe());
    expect(screen.getByRole('button', { name: 'Newest' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Archived' }));
    expect(messenger.changeFilter).toHaveBeenLastCalledWith('archived', false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Online only' }));
    expect(messenger.changeFilter).toHaveBeenLastCalledWith('newest', true);
  });

  it('"All read" is shown only while something is unread; pressing it (keyboard too) marks every channel seen; the focus then moves to the first channel', () => {
    const without = controller(0);
    const { unmount } = renderInDataRouter(
      '/en/messenger/',
      <ChannelList lang="en" messenger={without} />,
      buildGuestMe(),
    );
    expect(screen.queryByRole('button', { name: 'All read' })).toBeNull();
    unmount();

    const messenger = controller(3);
    let answer: (unreadTotal: number) => void = () => {};
    /** The page's controller, whose store the server's answer changes. */
    function Page() {
      const [unreadTotal, setTotal] = useState(3);
      answer = setTotal;
      const list = setUnreadTotal(messenger.state.list, unreadTotal);
      return <ChannelList lang="en" messenger={{ ...messenger, state: { ...messenger.state, list } }} />;
    }
    renderInDataRouter('/en/messenger/', <Page />, buildGuestMe());
    const allRead = screen.getByRole('button', { name: 'All read' });
    expect(allRead.getAttribute('title')).toBe('Mark all conversations as read');
    allRead.focus();
    expect(document.activeElement).toBe(allRead);
    // A native button: Enter and Space press it (a click event).
    fireEvent.click(allRead);
    expect(messenger.markAllSeen).toHaveBeenCalledTimes(1);
    // The server's answer (every tab): the total is 0, the button goes, the focus is on the first channel.
    act(() => answer(0));
    expect(screen.queryByRole('button', { name: 'All read' })).toBeNull();
    expect(document.activeElement?.getAttribute('data-channel-id')).toBe('3');
  });

  it('"All read" is written in the four languages', async () => {
    const { messengerMessages } = await import('@vela/i18n/messages/messenger');
    const labels = (['de', 'en', 'nl', 'es'] as const).map((l) => messengerMessages[l].allRead);
    expect(new Set(labels).size).toBe(4);
  });
});
