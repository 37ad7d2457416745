/**
 * One running subscription on the VIP club page: status, since, next renewal (date, price in euro and
 * coins) or "ends on" once cancelled. Cancel first shows the cancellation offer (spec 7
 * guest/acceptCancellationOffer: accepted -> the status-bar cookie; failure -> the error bar) or,
 * once the offer was used, a plain confirmation; a cancelled subscription can be resumed in time.
 */
import type { SubscriptionView } from '@vela/contracts/subscriptions-api';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import {
  acceptCancellationOffer,
  cancelSubscription,
  resumeSubscription,
  SubscriptionsApiError,
} from '../api/subscriptionsApi.ts';
import type { VipClubText } from '../membership.ts';

type Mode = 'view' | 'offer' | 'confirm';

export function MembershipCard({
  subscription,
  guestId,
  text,
  onChanged,
  onOfferAccepted,
  onOfferFailed,
  note,
}: {
  subscription: SubscriptionView;
  /** A line under the status (e.g. TV included in VIP). */
  note?: string | null;
  guestId: string;
  text: VipClubText;
  /** After a change: the page reads the membership again. */
  onChanged: () => Promise<unknown>;
  onOfferAccepted: () => void;
  onOfferFailed: () => void;
}) {
  const { t } = text;
  const [mode, setMode] = useState<Mode>('view');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const product = subscription.product;
  const titleId = `vipclub-member-${product}`;

  useEffect(() => {
    if (mode !== 'view') panelHeading.current?.focus();
  }, [mode]);

  const run = async (action: () => Promise<unknown>, success: string | null) => {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      await action();
      setDone(success);
      setMode('view');
      await onChanged();
      return true;
    } catch (caught) {
      const code = caught instanceof SubscriptionsApiError ? caught.code : null;
      setError(
        code === 'NETWORK'
          ? t('error.network')
          : code === 'PERIOD_OVER'
            ? t('error.periodOver')
            : t('error.generic'),
      );
      return false;
    } finally {
      setBusy(false);
    }
  };

  const back = () => {
    setMode('view');
    setError(null);
    requestAnimationFrame(() => cancelButton.current?.focus());
  };
  /** What both cancellation steps share: the focused heading, and "Back" to the card. */
  const panel = { headingRef: panelHeading, back, backLabel: t('offer.back'), busy };

  const offer = subscription.cancellationOffer;
  const endsOn = subscription.endsAt ?? subscription.currentPeriodEnd;
  /** Cancel without the offer (declining it, or confirming when there is none). */
  const cancelNow = () =>
    void run(() => cancelSubscription(product), t('done.cancelled', { date: text.date(endsOn) }));
  return (
    <section
      className="vipclub-card vipclub-member"
      aria-labelledby={titleId}
      data-membership={product}
      data-status={subscription.status}
    >
      <h2 id={titleId} className="vipclub-card__title">
        {product === 'vip' ? t('member.vip') : t('member.tv')}
        <span className={`vipclub-badge vipclub-badge--${subscription.status}`}>
          {subscription.status === 'cancelled' ? t('status.cancelled') : t('status.active')}
        </span>
        {subscription.trial ? <span className="vipclub-badge">{t('trialBadge')}</span> : null}
      </h2>
      <p className="vipclub-muted">{t('since', { date: text.date(subscription.startedAt) })}</p>
      {subscription.nextRenewal ? (
        <p data-next-renewal="">
          {t('nextRenewal', {
            date: text.date(subscription.nextRenewal.at),
            price: text.euro(subscription.nextRenewal.price.value),
            coins: text.coins(subscription.nextRenewal.price.value),
          })}
        </p>
      ) : (
        <p data-ends-on="">{t('endsOn', { date: text.date(endsOn) })}</p>
      )}
      {note ? (
        <p className="vipclub-muted" data-tv-included="">
          {note}
        </p>
      ) : null}
      {offer.accepted && subscription.nextRenewal ? (
        <p className="vipclub-highlight">{t('offerAccepted', { price: text.euro(offer.price.value) })}</p>
      ) : null}
      {done ? (
        <p className="vipclub-done" role="status">
          {done}
        </p>
      ) : null}
      {error ? (
        <p className="vipclub-error" role="alert">
          {error}
        </p>
      ) : null}

      {mode === 'view' ? (
        <div className="vipclub-actions">
          {subscription.status === 'active' ? (
            <button
              ref={cancelButton}
              type="button"
              className="shell-button"
              data-cancel={product}
              onClick={() => {
                setDone(null);
                setMode(offer.available ? 'offer' : 'confirm');
              }}
            >
              {t('cancel')}
            </button>
          ) : (
            <button
              type="button"
              className="shell-button shell-button--primary"
              data-resume={product}
              disabled={busy}
              onClick={() => void run(() => resumeSubscription(product), t('done.resumed'))}
            >
              {t('resume')}
            </button>
          )}
        </div>
      ) : null}

      {mode === 'offer' ? (
        <CancelPanel
          marker={{ 'data-cancellation-offer': product }}
          title={t('offer.title')}
          {...panel}
          actions={
            <>
              <button
                type="button"
                className="shell-button shell-button--primary"
                data-offer-accept=""
                disabled={busy}
                onClick={() =>
                  void run(() => acceptCancellationOffer(guestId, product), null).then((ok) =>
                    ok ? onOfferAccepted() : onOfferFailed(),
                  )
                }
              >
                {t('offer.accept')}
              </button>
              <button
                type="button"
                className="shell-button"
                data-offer-decline=""
                disabled={busy}
                onClick={cancelNow}
              >
                {t('offer.decline')}
              </button>
            </>
          }
        >
          <p>
            {t('offer.text', {
              days: subscription.periodDays,
              price: text.euro(offer.price.value),
              regular: text.euro(subscription.price.value),
              percent: offer.percent,
            })}
          </p>
        </CancelPanel>
      ) : null}

      {mode === 'confirm' ? (
        <CancelPanel
          marker={{ 'data-cancel-confirm': product }}
          title={t('confirm.title')}
          {...panel}
          actions={
            <button
              type="button"
              className="shell-button shell-button--primary"
              data-cancel-yes=""
              disabled={busy}
              onClick={cancelNow}
            >
              {t('confirm.yes')}
            </button>
          }
        >
          <p>{t('confirm.text', { date: text.date(endsOn) })}</p>
        </CancelPanel>
      ) : null}
    </section>
  );
}

/**
 * A step of the cancellation (the offer, the confirmation): its heading takes the focus when it
 * opens, its text, then its actions and "Back" to the card. `marker` names the step for the tests.
 */
function CancelPanel({
  marker,
  title,
  headingRef,
  back,
  backLabel,
  busy,
  actions,
  children,
}: {
  marker: Record<`data-${string}`, string>;
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  back: () => void;
  backLabel: string;
  busy: boolean;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="vipclub-panel" {...marker}>
      <h3 ref={headingRef} tabIndex={-1}>
        {title}
      </h3>
      {children}
      <div className="vipclub-actions">
        {actions}
        <button type="button" className="shell-button" onClick={back} disabled={busy}>
          {backLabel}
        </button>
      </div>
    </div>
  );
}
