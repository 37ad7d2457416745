// @vitest-environment happy-dom
/** Price (spec 9 "amount per minute"), the live cost meter and the itemised receipt, in coins. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { liveChatMessages } from '@vela/i18n/messages/live-chat';
import { translator } from '@vela/i18n/translate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatRating } from './ChatRating.tsx';
import { CostMeter, type MeterReading } from './CostMeter.tsx';
import { PriceTag } from './PriceTag.tsx';
import { Receipt } from './Receipt.tsx';

afterEach(cleanup);
const en = translator(liveChatMessages, 'en');
const de = translator(liveChatMessages, 'de');
const coins = (value: number) => ({ value, currency: 'VXC' as const });

describe('price tag (spec 9)', () => {
  it('shows the coins per minute in the page language', () => {
    render(<PriceTag price={coins(8)} lang="en" />);
    expect(screen.getByText('8 coins per minute')).toBeTruthy();
    cleanup();
    render(<PriceTag price={coins(8)} lang="de" />);
    expect(screen.getByText('8 Coins pro Minute')).toBeTruthy();
  });
});

function meterAt(seconds: number, reading: MeterReading, lang: 'en' | 'de' = 'en') {
  render(<CostMeter seconds={seconds} reading={reading} lang={lang} t={lang === 'en' ? en : de} />);
}

describe('cost meter', () => {
  it('shows mm:ss delivered, the minutes charged, coins spent and the balance', () => {
    meterAt(125.7, { minutes: 2, spent: coins(16), balance: coins(24) });
    const figure = (name: string) => document.querySelector(`[data-live-meter="${name}"]`)?.textContent;
    expect(figure('time')).toBe('02:05');
    expect(figure('minutes')).toBe('2');
    expect(figure('spent')).toBe('16 coins');
    expect(figure('balance')).toBe('24 coins');
    expect(screen.getByRole('heading', { name: 'Cost so far' })).toBeTruthy();
  });

  it('has German labels in German', () => {
    meterAt(0, { minutes: 0, spent: coins(0), balance: coins(40) }, 'de');
    expect(screen.getByText('Berechnete Minuten')).toBeTruthy();
    expect(screen.getByText('40 Coins')).toBeTruthy();
  });
});

describe('receipt', () => {
  it('lists every charged minute, marks the partial and voucher minutes, and the total', () => {
    render(
      <Receipt
        state={{
          status: 'ready',
          lines: [
            { index: 0, partial: false, paidWith: 'voucher', price: coins(0) },
            { index: 1, partial: false, paidWith: 'coins', price: coins(8) },
            { index: 2, partial: true, paidWith: 'coins', price: coins(3) },
          ],
          total: coins(11),
        }}
        lang="en"
        t={en}
      />,
    );
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'Minute 1chat voucher',
      'Minute 28 coins',
      'Minute 3 · started minute, pro rata3 coins',
      'Total11 coins',
    ]);
  });

  it('says when no minute was charged, while it loads, and when it failed', () => {
    const { rerender } = render(<Receipt state={{ status: 'loading' }} lang="en" t={en} />);
    expect(screen.getByText('Loading the receipt…')).toBeTruthy();
    rerender(<Receipt state={{ status: 'ready', lines: [], total: coins(0) }} lang="en" t={en} />);
    expect(screen.getByText('No minute was charged.')).toBeTruthy();
    rerender(<Receipt state={{ status: 'error' }} lang="en" t={en} />);
    expect(screen.getByRole('alert').textContent).toContain('transaction history');
  });
});

describe('chat rating (spec 8 BAD / GREAT)', () => {
  it('sends GREAT and thanks', async () => {
    const rate = vi.fn(async () => {});
    render(<ChatRating rate={rate} t={en} />);
    await userEvent.click(screen.getByRole('button', { name: 'Great' }));
    expect(rate).toHaveBeenCalledWith('GREAT');
    expect(await screen.findByText('Thank you for your rating.')).toBeTruthy();
  });

  it('a failed rating says so and may be sent again', async () => {
    const rate = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(undefined);
    render(<ChatRating rate={rate} t={en} />);
    await userEvent.click(screen.getByRole('button', { name: 'Bad' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your rating could not be saved. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Bad' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Bad' }));
    expect(rate).toHaveBeenLastCalledWith('BAD');
    expect(await screen.findByText('Thank you for your rating.')).toBeTruthy();
  });
});
