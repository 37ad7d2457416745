import type { Language, Price } from '@vela/contracts/common';
import { formatDuration, formatPriceInCoins } from '../../catalog/format.ts';
import type { LiveChatT } from '../hooks/useLiveChatT.ts';

export interface MeterReading {
  /** Minutes charged so far (the server's `liveMeter.minutes`). */
  minutes: number;
  /** Money spent in this chat, in coins. */
  spent: Price;
  /** The guest's balance after the last charge, in coins. */
  balance: Price;
}

/** The delivered time of a chat (mm:ss), a figure of the cost meter and of the free meter. */
export function MeterTime({ seconds, t }: { seconds: number; t: LiveChatT }) {
  return (
    <div>
      <dt>{t('meterTime')}</dt>
      <dd data-live-meter="time">
        <time dateTime={`PT${Math.floor(seconds)}S`}>{formatDuration(Math.floor(seconds))}</time>
      </dd>
    </div>
  );
}

/**
 * The live cost meter (issue 16): the delivered time (mm:ss, counted on the page while the video
 * plays), the minutes charged, the coins spent and the balance, as the server charges them. The
 * charged figures are announced politely to screen readers; the running clock is not.
 */
export function CostMeter({
  seconds,
  reading,
  lang,
  t,
}: {
  seconds: number;
  reading: MeterReading;
  lang: Language;
  t: LiveChatT;
}) {
  return (
    <section className="live-meter" aria-labelledby="live-meter-title">
      <h4 id="live-meter-title">{t('meterTitle')}</h4>
      <dl className="live-meter__figures">
        <MeterTime seconds={seconds} t={t} />
        <div aria-live="polite" aria-atomic="true">
          <dt>{t('meterMinutes')}</dt>
          <dd data-live-meter="minutes">{reading.minutes}</dd>
        </div>
        <div aria-live="polite" aria-atomic="true">
          <dt>{t('meterSpent')}</dt>
          <dd data-live-meter="spent">{formatPriceInCoins(reading.spent, lang)}</dd>
        </div>
        <div aria-live="polite" aria-atomic="true">
          <dt>{t('meterBalance')}</dt>
          <dd data-live-meter="balance">{formatPriceInCoins(reading.balance, lang)}</dd>
        </div>
      </dl>
    </section>
  );
}
