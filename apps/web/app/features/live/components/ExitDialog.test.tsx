// @vitest-environment happy-dom
/**
 * The exit dialog says why a chat ended in words (spec 8: every chat exit code) and whether the
 * started minute was charged (decision 0038: guest and limit ends pro rata, performer and platform
 * ends not at all).
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_EXIT_CODES } from '@vela/domain/chat-exit-codes';
import { liveChatMessages } from '@vela/i18n/messages/live-chat';
import { translator } from '@vela/i18n/translate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExitDialog, exitReason } from './ExitDialog.tsx';

afterEach(cleanup);
const en = translator(liveChatMessages, 'en');

describe('chat exit codes in words (spec 8)', () => {
  it.each(CHAT_EXIT_CODES.map((c) => [c.code, c.name] as const))(
    'code %i reads as the spec words "%s" in English',
    (code, name) => {
      expect(exitReason(code, en).toLowerCase()).toBe(name);
    },
  );

  it.each(['de', 'nl', 'es'] as const)('every code has its own words in %s', (lang) => {
    const t = translator(liveChatMessages, lang);
    for (const { code } of CHAT_EXIT_CODES) {
      const words = exitReason(code, t);
      expect(words, `${lang} ${code}`).not.toMatch(/^exit\./);
      expect(words.trim().length, `${lang} ${code}`).toBeGreaterThan(1);
    }
    // The German, Dutch and Spanish words are translations, not the English ones left in place.
    expect(exitReason(501, t)).not.toBe(exitReason(501, en));
  });

  it('an unknown code reads as a client error (105), never as a key', () => {
    expect(exitReason(12345, en)).toBe('Error');
  });
});

describe('exit dialog', () => {
  const show = (code: number, onClose = vi.fn()) =>
    render(
      <ExitDialog
        code={code}
        t={en}
        receipt={<p>the receipt</p>}
        rating={<p>the rating</p>}
        onClose={onClose}
      />,
    );

  it('money ran out (501): the reason with its code, the started minute charged, receipt and rating', () => {
    show(501);
    const dialog = screen.getByRole('dialog', { name: 'The chat has ended' });
    expect(dialog.textContent).toContain('Reason: No-money limit (code 501)');
    expect(dialog.textContent).toContain('A limit was reached: the started minute is charged');
    expect(dialog.textContent).toContain('the receipt');
    expect(dialog.textContent).toContain('the rating');
  });

  it('the performer kicked (201): the started minute is not charged', () => {
    show(201);
    expect(screen.getByRole('dialog').textContent).toContain('Reason: Kick (code 201)');
    expect(screen.getByRole('dialog').textContent).toContain(
      'Ended on the performer’s side: the started minute is not charged.',
    );
  });

  it('the guest ended (100): the seconds watched are charged', () => {
    show(100);
    expect(screen.getByRole('dialog').textContent).toContain('Ended on your side');
  });

  it('a voice call hung up (903): nothing charged in coins, the phone bills the call (decision 0051)', () => {
    render(<ExitDialog code={903} t={en} receipt={null} rating={null} paidByPhone onClose={vi.fn()} />);
    const text = screen.getByRole('dialog').textContent;
    expect(text).toContain('Reason: Voice call hangup (code 903)');
    expect(text).toContain('Nothing is charged in coins: your phone provider bills the call.');
    expect(text).not.toContain('started minute');
  });

  it('focus starts on Close, not on a rating button', () => {
    render(
      <ExitDialog
        code={501}
        t={en}
        receipt={null}
        rating={<button type="button">Bad</button>}
        onClose={vi.fn()}
      />,
    );
    expect(document.activeElement?.textContent).toBe('Close');
  });

  it('Close and Escape close it', async () => {
    const onClose = vi.fn();
    show(100, onClose);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
