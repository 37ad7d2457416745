import type { LiveChatType } from '@vela/contracts/live';
import { formatDuration } from '../../catalog/format.ts';
import type { LiveChatT } from '../hooks/useLiveChatT.ts';
import { MeterTime } from './CostMeter.tsx';
import type { FreeChatType } from './FreeOffers.tsx';

/** A free preview or a free chat (decision 0038 part 9): no coins, a time allowance instead. */
export function isFreeType(type: LiveChatType): type is FreeChatType {
  return type === 'live-preview' || type === 'free-chat';
}

interface FreeTime {
  type: FreeChatType;
  /** The delivered media the session may use, ms (the start answer's `allowanceMs`); null: unknown. */
  allowanceMs: number | null;
  /** The delivered time so far, ms. */
  deliveredMs: number;
  t: LiveChatT;
}

const secondsLeft = ({ allowanceMs, deliveredMs }: Pick<FreeTime, 'allowanceMs' | 'deliveredMs'>) =>
  Math.max(0, Math.ceil(((allowanceMs ?? 0) - deliveredMs) / 1000));

/**
 * The live room's tag of a free session where a paid chat shows its price per minute: the preview's
 * length ("Free preview · 30 s") or the free chat time left ("Free chat · 04:12 left").
 */
export function FreeTag({ type, allowanceMs, deliveredMs, t }: FreeTime) {
  let text: string;
  if (allowanceMs === null) text = t(type === 'live-preview' ? 'freePreview' : 'freeChat');
  else if (type === 'live-preview') text = t('freePreviewTag', { seconds: Math.round(allowanceMs / 1000) });
  else text = t('freeChatTag', { time: formatDuration(secondsLeft({ allowanceMs, deliveredMs })) });
  return (
    <p className="live-price" data-live-free={type}>
      {text}
    </p>
  );
}

/** The free session's meter where a paid chat shows its costs: the time watched and the time left. */
export function FreeMeter({ type, allowanceMs, deliveredMs, t }: FreeTime) {
  return (
    <section className="live-meter" aria-labelledby="live-meter-title" data-live-free-meter={type}>
      <h4 id="live-meter-title">{t('freeMeterTitle')}</h4>
      <dl className="live-meter__figures">
        <MeterTime seconds={deliveredMs / 1000} t={t} />
        {allowanceMs === null ? null : (
          <div>
            <dt>{t('meterLeft')}</dt>
            <dd data-live-meter="left">{formatDuration(secondsLeft({ allowanceMs, deliveredMs }))}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
