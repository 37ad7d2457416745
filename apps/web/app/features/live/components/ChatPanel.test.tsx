// @vitest-environment happy-dom
/** The live text chat: Enter sends, the 500-character limit is shown and enforced, the log shows who wrote. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { liveChatMessages } from '@vela/i18n/messages/live-chat';
import { translator } from '@vela/i18n/translate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChatLine, ChatPanel } from './ChatPanel.tsx';

afterEach(cleanup);
const t = translator(liveChatMessages, 'en');

function panel(send: (text: string) => boolean, lines: ChatLine[] = [], closed = false) {
  return render(<ChatPanel lines={lines} performerName="Mira" send={send} closed={closed} t={t} />);
}

describe('live chat panel', () => {
  it('Enter sends the trimmed message and empties the input', async () => {
    const send = vi.fn(() => true);
    panel(send);
    const input = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(input, '  hello there {Enter}');
    expect(send).toHaveBeenCalledWith('hello there');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('an empty or blank message is not sent', async () => {
    const send = vi.fn(() => true);
    panel(send);
    await userEvent.type(screen.getByRole('textbox'), '   {Enter}');
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });

  it('a message that could not go out stays in the input', async () => {
    panel(() => false);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await userEvent.type(input, 'hi{Enter}');
    expect(input.value).toBe('hi');
  });

  it('shows the characters left of 500 and takes no more than 500', async () => {
    panel(() => true);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.maxLength).toBe(500);
    expect(screen.getByText('500 characters left')).toBeTruthy();
    await userEvent.type(input, 'abc');
    expect(screen.getByText('497 characters left')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBe('live-chat-left');
  });

  it('the log names the guest "You" and the performer by name; empty, it invites a hello', () => {
    const { rerender } = panel(() => true);
    expect(screen.getByRole('log').textContent).toContain('Say hello to Mira.');
    rerender(
      <ChatPanel
        lines={[
          { id: '1', from: 'guest', text: 'hi' },
          { id: '2', from: 'performer', text: 'hello you' },
        ]}
        performerName="Mira"
        send={() => true}
        closed={false}
        t={t}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['You hi', 'Mira hello you']);
  });

  it('an ended chat has no input', () => {
    panel(() => true, [], true);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('The chat has ended.')).toBeTruthy();
  });
});
