/**
 * The free offers of the live-show tab (issue 16, decision 0038 part 9), beside the paid ones:
 * - "Free preview" when the performer has `isLivePreviewEnabled`: a look of one preview unit
 *   (`unitMs`), with the units left of 5 (20 for a VIP) this hour (spec 6, 9);
 * - "Free chat" when it has `freeChat`: the guest's free chat time left today (spec 3 "free chat
 *   durations"; spec 6: logged-in only, so a visitor sees neither).
 * Both start through the same `live/start` as a paid chat (`onStart`).
 *
 * The spec 2 modal `fifteen-minutes-preview` is what a guest out of preview units sees: it opens
 * when the offers show no unit left this hour (or the guest asks for a preview with none left). It
 * says when the next free preview is possible, points a non-VIP to the VIP club (20 an hour) and
 * offers "No thanks" (spec 7 free preview decline): then it stays closed for 15 minutes, on every
 * page of the guest (the server keeps `declinedUntil`). Closing it (Escape, Close) declines nothing.
 */
import type { Language } from '@vela/contracts/common';
import { LIVE_PREVIEW_UNITS_VIP, type LiveOffers } from '@vela/contracts/live';
import { formatDuration } from '@vela/domain/money-format';
import { localeOf } from '@vela/i18n/locales';
import { liveFreeMessages } from '@vela/i18n/messages/live-free';
import { pathFor } from '@vela/i18n/routes';
import { type Translate, translator } from '@vela/i18n/translate';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { declineFreePreview, fetchLiveOffers } from '../api/liveApi.ts';
import { LiveDialog } from './LiveDialog.tsx';

export type FreeChatType = 'live-preview' | 'free-chat';
type FreeT = Translate<keyof (typeof liveFreeMessages)['en']>;

const timeOf = (iso: string | null, lang: Language) =>
  iso
    ? new Intl.DateTimeFormat(localeOf(lang), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))
    : '';

export function FreeOffers({
  actorId,
  name,
  lang,
  onStart,
  disabled,
  starting,
}: {
  actorId: number;
  name: string;
  lang: Language;
  onStart: (type: FreeChatType) => void;
  disabled: boolean;
  starting: FreeChatType | null;
}) {
  const t: FreeT = useMemo(() => translator(liveFreeMessages, lang), [lang]);
  const { loggedIn } = useViewer();
  const [offers, setOffers] = useState<LiveOffers | 'loading' | 'error'>('loading');
  const [round, setRound] = useState(0);
  const [modal, setModal] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round reads the offers again
  useEffect(() => {
    if (!loggedIn) return;
    let current = true;
    setOffers('loading');
    fetchLiveOffers(actorId)
      .then((answer) => {
        if (!current) return;
        setOffers(answer);
        const preview = answer.preview;
        // Out of units and not declined: the modal says so (once per showing of the offers).
        if (preview && preview.allowance.unitsLeft === 0 && preview.allowance.declinedUntil === null) {
          setModal(true);
        }
      })
      .catch(() => current && setOffers('error'));
    return () => {
      current = false;
    };
  }, [actorId, loggedIn, round]);

  const decline = useCallback(() => {
    setModal(false);
    void declineFreePreview().catch(() => undefined);
  }, []);

  if (!loggedIn) return null;
  if (offers === 'loading') {
    return (
      <p className="page__meta" role="status" aria-busy="true" data-live-free="loading">
        {t('offersLoading')}
      </p>
    );
  }
  if (offers === 'error') {
    return (
      // A quiet status, not an alert: the paid offers beside it still work.
      <div className="live-notice" role="status" data-live-free="error">
        <p>{t('offersError')}</p>
        <button type="button" className="button" onClick={() => setRound((n) => n + 1)}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const { preview, freeChat } = offers;
  if (!preview && !freeChat) return null;
  const allowance = preview?.allowance;
  const outOfUnits = preview?.refusal?.code === 'PREVIEW_LIMIT';
  return (
    <div className="live-free" data-live-free="ready">
      <h4 className="live-free__title">{t('freeTitle', { name })}</h4>
      <ul className="live-offers">
        {preview && allowance ? (
          <li className="live-offer" data-live-offer="live-preview">
            <button
              type="button"
              className="button"
              disabled={disabled || (preview.refusal !== null && !outOfUnits)}
              aria-busy={starting === 'live-preview'}
              data-live-start="live-preview"
              onClick={() => (outOfUnits ? setModal(true) : onStart('live-preview'))}
            >
              {t('previewStart', { seconds: Math.round(allowance.unitMs / 1000) })}
            </button>
            <span
              className="page__meta"
              data-preview-units={`${allowance.unitsLeft}/${allowance.unitsLimit}`}
            >
              {outOfUnits
                ? t('previewNoneLeft', { time: timeOf(allowance.nextUnitAt, lang) })
                : preview.refusal
                  ? t('previewUnavailable', { name })
                  : t('previewLeft', { left: allowance.unitsLeft, limit: allowance.unitsLimit })}
            </span>
            {allowance.unitsLimit < LIVE_PREVIEW_UNITS_VIP ? (
              <span className="page__meta">{t('previewVipHint')}</span>
            ) : null}
          </li>
        ) : null}
        {freeChat ? (
          <li className="live-offer" data-live-offer="free-chat">
            <button
              type="button"
              className="button"
              disabled={disabled || freeChat.refusal !== null}
              aria-busy={starting === 'free-chat'}
              data-live-start="free-chat"
              onClick={() => onStart('free-chat')}
            >
              {t('freeChatStart')}
            </button>
            <span className="page__meta" data-free-chat-ms={freeChat.duration.msLeft}>
              {freeChat.duration.msLeft > 0
                ? t('freeChatLeft', { time: formatDuration(Math.floor(freeChat.duration.msLeft / 1000)) })
                : t('freeChatNoneLeft', { time: timeOf(freeChat.duration.renewsAt, lang) })}
            </span>
          </li>
        ) : null}
      </ul>
      {modal && allowance ? (
        <LiveDialog
          titleId="live-preview-modal-title"
          title={t('modalTitle')}
          onClose={() => setModal(false)}
          marker="fifteen-minutes-preview"
        >
          <p>{t('modalText', { limit: allowance.unitsLimit, time: timeOf(allowance.nextUnitAt, lang) })}</p>
          {allowance.unitsLimit < LIVE_PREVIEW_UNITS_VIP ? (
            <p>
              {t('modalVip')} <a href={pathFor('VipClub', lang)}>{t('modalToVip')}</a>
            </p>
          ) : null}
          <div className="live-dialog__actions">
            <button type="button" className="button live-button--quiet" onClick={() => setModal(false)}>
              {t('modalClose')}
            </button>
            <button
              type="button"
              className="button"
              data-autofocus=""
              data-preview-decline=""
              onClick={decline}
            >
              {t('modalDecline')}
            </button>
          </div>
        </LiveDialog>
      ) : null}
    </div>
  );
}
