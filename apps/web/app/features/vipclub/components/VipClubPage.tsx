/**
 * The /<lang>/vipclub/ page (issue 4 deliverable 4). Everyone sees the benefits and prices (SSR,
 * from the domain's plans); only benefits the product delivers today are listed, and a product
 * (VIP club, TV) is offered, with its price and its buttons, only once it delivers something
 * (issue 14, @vela/domain/subscription-benefits, decision 0029). While the VIP club is not offered
 * the page says so honestly, with no price, no trial and no Get-VIP button; a member whose VIP
 * still runs keeps the membership card. The Get-VIP button follows spec 6: a visitor logs in first (the dialog
 * then continues with the VIP flow), a non-VIP guest gets the VIP dialog, a VIP member gets none
 * and sees the membership instead: status, next renewal or "ends on", cancel with the cancellation
 * offer, resume, and the vip30 value history. A dialog success of a subscription flow refreshes the
 * data in place (no reload), reports a just-started subscription to analytics (spec 4) and reloads
 * the root data so the navbar knows the new VIP state. The socket keeps it current in every tab
 * (decision 0024): a VIP/TV update reads the membership again in place (the page registers the
 * spec 4 callback, so it does not reload), and a status bar dismissed in one tab goes in all.
 */
import type { Language } from '@vela/contracts/common';
import type { GuestMe } from '@vela/contracts/guest-api';
import type { StatusBarType, SubscriptionsState } from '@vela/contracts/subscriptions-api';
import { getVipButtonAction } from '@vela/domain/restrictions';
import { deliveredBenefits, isOffered, type VipBenefit } from '@vela/domain/subscription-benefits';
import { isSubscriptionFlow, PLANS, VIP_TRIAL } from '@vela/domain/subscriptions';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { snapshotOfViewer, useViewer } from '../../auth/useViewer.tsx';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';
import { useAboUpdate } from '../../realtime/hooks/useAboUpdate.ts';
import { useSocketMessage } from '../../realtime/hooks/useSocketMessage.ts';
import { useSocketSend } from '../../realtime/hooks/useSocketSend.ts';
import { useMembership } from '../hooks/useMembership.ts';
import {
  CLEAR_STATUS_BAR_COOKIE,
  startedSubscriptions,
  statusBarOfCookie,
  vipclubText,
} from '../membership.ts';
import { reportSubscriptionStarted } from '../subscriptionAnalytics.ts';
import { MembershipCard } from './MembershipCard.tsx';
import { StatusBar } from './StatusBar.tsx';
import { Vip30HistoryTable } from './Vip30HistoryTable.tsx';

export interface VipClubPageProps {
  lang: Language;
  viewer: GuestMe | null;
  loginEnabled: boolean;
}

/** The message of each VIP benefit; only the delivered ones are listed (issue 14, decision 0029). */
const VIP_BENEFIT_TEXT: Record<
  VipBenefit,
  'benefit.vip1' | 'benefit.vip2' | 'benefit.vip3' | 'benefit.vip4'
> = {
  vipVideosIncluded: 'benefit.vip1',
  newVip30Videos: 'benefit.vip2',
  livePreview20: 'benefit.vip3',
  tvIncluded: 'benefit.vip4',
};
const vipBenefits = deliveredBenefits('vip');
/** The domain's offer (the server sells the same; its subscriptions state says so once read). */
const vipOfferedByDomain = isOffered('vip');
const tvOfferedByDomain = isOffered('tv');

export function VipClubPage({ lang, viewer, loginEnabled }: VipClubPageProps) {
  const text = useMemo(() => vipclubText(lang), [lang]);
  const { t } = text;
  const dialog = usePaymentDialog();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // The shell's viewer follows the socket's VIP/TV events; the route's is the server render's.
  const liveViewer = useViewer().viewer;
  const snapshot = snapshotOfViewer(liveViewer?.id === viewer?.id ? liveViewer : viewer);
  const loggedIn = snapshot.isLoggedIn && !snapshot.isLocked;
  const { state, current, reload, retry } = useMembership(loggedIn);
  const [statusBar, setStatusBar] = useState<StatusBarType | null>(null);

  useEffect(() => {
    setStatusBar(statusBarOfCookie(document.cookie));
  }, []);

  const send = useSocketSend();
  const dismissStatusBar = useCallback(() => {
    document.cookie = CLEAR_STATUS_BAR_COOKIE;
    setStatusBar(null);
    // The guest's other tabs hide it too (the server sends them removeStatusBar).
    if (loggedIn) send({ type: 'removeStatusBar' });
  }, [loggedIn, send]);
  useSocketMessage('removeStatusBar', () => {
    document.cookie = CLEAR_STATUS_BAR_COOKIE;
    setStatusBar(null);
  });

  // A VIP/TV change (in any tab, or seen at a reconnect): read the membership again, in place.
  useAboUpdate(() => {
    if (loggedIn) void reload();
  });

  // The dialog finished a subscription flow: read the membership again, in place.
  const { onSuccess } = dialog;
  useEffect(
    () =>
      onSuccess((flow) => {
        if (!isSubscriptionFlow(flow)) return false;
        void (async () => {
          const before = current();
          const after = await reload();
          if (after) {
            for (const event of startedSubscriptions(before, after)) {
              reportSubscriptionStarted(event.action, event.data);
            }
          }
          void revalidate.current();
        })();
        return true;
      }),
    [onSuccess, current, reload],
  );

  const membership: SubscriptionsState | null = state.kind === 'ready' ? state.membership : null;
  // What is sold: the server's answer once read, else the domain's (the same rule).
  const vipOffered = membership ? membership.offered.vip : vipOfferedByDomain;
  const tvOffered = membership ? membership.offered.tv : tvOfferedByDomain;
  // Spec 6 with the freshest data: the membership once read, else the viewer of the page.
  const vipAction = getVipButtonAction(
    { ...snapshot, isVip: membership ? membership.isVip : snapshot.isVip },
    vipOffered,
  );

  return (
    <div className="page vipclub" data-vipclub="">
      <header className="page__header vipclub-hero">
        <h1>{t('h1')}</h1>
        <p className="vipclub-intro">{t('intro')}</p>
      </header>
      {statusBar ? <StatusBar type={statusBar} text={text} onDismiss={dismissStatusBar} /> : null}

      {loggedIn && viewer ? (
        state.kind === 'loading' ? (
          <p className="vipclub-card vipclub-loading" role="status" aria-busy="true">
            {t('loading')}
          </p>
        ) : state.kind === 'error' ? (
          <div className="vipclub-card" role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" className="shell-button shell-button--primary" onClick={retry}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <div className="vipclub-members">
            {(['vip', 'tv'] as const).map((product) => {
              const subscription = state.membership[product];
              return subscription ? (
                <MembershipCard
                  key={product}
                  subscription={subscription}
                  guestId={viewer.id}
                  text={text}
                  onChanged={reload}
                  onOfferAccepted={() =>
                    setStatusBar(statusBarOfCookie(document.cookie) ?? 'cancellation-offer-accepted')
                  }
                  onOfferFailed={() => setStatusBar('cancellation-offer-error')}
                  note={product === 'vip' && !state.membership.tv && tvOffered ? t('tvIncluded') : null}
                />
              ) : null;
            })}
            {state.history ? <Vip30HistoryTable history={state.history} text={text} /> : null}
          </div>
        )
      ) : null}

      <section className="vipclub-card" aria-labelledby="vipclub-benefits-title">
        <h2 id="vipclub-benefits-title" className="vipclub-card__title">
          {t('benefits.title')}
        </h2>
        {vipBenefits.length > 0 ? (
          <ul className="vipclub-benefits" data-vipclub-benefits="">
            {vipBenefits.map((benefit) => (
              <li key={benefit}>{t(VIP_BENEFIT_TEXT[benefit])}</li>
            ))}
          </ul>
        ) : (
          <p className="vipclub-muted" data-vipclub-benefits="none">
            {t('benefits.none')}
          </p>
        )}
      </section>

      <section className="vipclub-card" aria-labelledby="vipclub-plans-title" data-vipclub-plans="">
        <h2 id="vipclub-plans-title" className="vipclub-card__title">
          {t('plans.title')}
        </h2>
        {vipOffered ? null : (
          <p className="vipclub-muted" data-vipclub-closed="vip">
            {t('plans.closed')}
          </p>
        )}
        {vipOffered || tvOffered ? (
          <dl className="vipclub-plans">
            {vipOffered ? (
              <div data-vipclub-plan="vip">
                <dt>{t('plan.vip')}</dt>
                <dd>
                  {t('plan.price', { price: text.euro(PLANS.vip.priceCents), days: PLANS.vip.periodDays })} ·{' '}
                  {text.coins(PLANS.vip.priceCents)}
                </dd>
                <dd className="vipclub-muted">
                  {t('plan.trial', { price: text.euro(VIP_TRIAL.priceCents), days: VIP_TRIAL.periodDays })}
                </dd>
              </div>
            ) : null}
            {tvOffered ? (
              <div data-vipclub-plan="tv">
                <dt>{t('plan.tv')}</dt>
                <dd>
                  {t('plan.price', { price: text.euro(PLANS.tv.priceCents), days: PLANS.tv.periodDays })} ·{' '}
                  {text.coins(PLANS.tv.priceCents)}
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        <JoinActions
          vipAction={vipAction}
          tvOffered={tvOffered}
          loginEnabled={loginEnabled}
          membership={membership}
          loggedIn={loggedIn}
          text={text}
          open={dialog.open}
        />
      </section>
    </div>
  );
}

/** The Get-VIP button of the join actions (the VIP dialog); `shownTo` marks for whom (data-get-vip). */
function GetVipButton({
  shownTo,
  label,
  open,
}: {
  shownTo: 'login' | 'vip-dialog';
  label: string;
  open: ReturnType<typeof usePaymentDialog>['open'];
}) {
  return (
    <button
      type="button"
      className="shell-button shell-button--primary"
      data-get-vip={shownTo}
      onClick={() => open('vipabo')}
    >
      {label}
    </button>
  );
}

function JoinActions({
  vipAction,
  tvOffered,
  loginEnabled,
  membership,
  loggedIn,
  text,
  open,
}: {
  vipAction: 'login' | 'vip-dialog' | null;
  tvOffered: boolean;
  loginEnabled: boolean;
  membership: SubscriptionsState | null;
  loggedIn: boolean;
  text: ReturnType<typeof vipclubText>;
  open: ReturnType<typeof usePaymentDialog>['open'];
}) {
  const { t } = text;
  if (vipAction === 'login') {
    if (!loginEnabled) return <p className="vipclub-muted">{t('loginDisabled')}</p>;
    return (
      <div className="vipclub-actions">
        <GetVipButton shownTo="login" label={t('getVip')} open={open} />
        <p className="vipclub-muted">{t('visitorHint')}</p>
      </div>
    );
  }
  // Logged in: wait for the membership before offering anything (no button for a VIP, spec 6).
  if (!loggedIn || !membership) return null;
  // TV is offered only once it delivers something (decision 0029).
  const showTv = tvOffered && !membership.isVXTVAboSubscriber;
  if (vipAction === null && !showTv) return null;
  return (
    <div className="vipclub-actions">
      {vipAction === 'vip-dialog' ? (
        <GetVipButton shownTo="vip-dialog" label={t('getVip')} open={open} />
      ) : null}
      {vipAction === 'vip-dialog' && membership.trialAvailable ? (
        <button type="button" className="shell-button" data-try-vip="" onClick={() => open('trialvipabo')}>
          {t('tryVip', { price: text.euro(VIP_TRIAL.priceCents) })}
        </button>
      ) : null}
      {showTv ? (
        <button type="button" className="shell-button" data-get-tv="" onClick={() => open('vxtvabo')}>
          {t('getTv', { price: text.euro(PLANS.tv.priceCents) })}
        </button>
      ) : null}
    </div>
  );
}
