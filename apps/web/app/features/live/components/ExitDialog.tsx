import { exitCodeInfo, isChatExitCode } from '@vela/domain/chat-exit-codes';
import type { ReactNode } from 'react';
import type { LiveChatT } from '../hooks/useLiveChatT.ts';
import { LiveDialog } from './LiveDialog.tsx';

const SIDE_KEY = {
  guest: 'sideGuest',
  limit: 'sideLimit',
  performer: 'sidePerformer',
  platform: 'sidePlatform',
} as const;

/** The chat exit code of spec 8 in words of the page language ("No-money limit"). */
export function exitReason(code: number, t: LiveChatT): string {
  return isChatExitCode(code) ? t(`exit.${code}`) : t('exit.105');
}

/**
 * After a chat: the reason in words (spec 8 exit code), whether the started minute was charged
 * (who ended it, decision 0038), then the receipt and the rating. Closing keeps the guest on the page.
 */
export function ExitDialog({
  code,
  t,
  receipt,
  rating,
  paidByPhone = false,
  onClose,
}: {
  code: number;
  t: LiveChatT;
  /** A voice call's video (decision 0051): no started minute is charged, the phone bill pays. */
  paidByPhone?: boolean;
  receipt: ReactNode;
  rating: ReactNode;
  onClose: () => void;
}) {
  const known = isChatExitCode(code) ? code : 105;
  return (
    <LiveDialog titleId="live-exit-title" title={t('exitTitle')} onClose={onClose} marker="exit">
      <p className="live-dialog__reason" data-exit-code={code}>
        {t('exitReason', { reason: exitReason(code, t), code })}
      </p>
      <p className="page__meta">{t(paidByPhone ? 'sidePhone' : SIDE_KEY[exitCodeInfo(known).side])}</p>
      {receipt}
      {rating}
      <div className="live-dialog__actions">
        <button type="button" className="button" data-live-close="" data-autofocus="" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </LiveDialog>
  );
}
