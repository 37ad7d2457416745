import {
  type SubscribeResult,
  type SubscriptionsState,
  subscriptionsEndpoints,
} from '@vela/contracts/subscriptions-api';
import { deliveredBenefits, type TvBenefit, type VipBenefit } from '@vela/domain/subscription-benefits';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR } from '../api.ts';
import { FormAlert } from '../components/FormAlert.tsx';
import { ViewRoot } from '../components/ViewRoot.tsx';
import { useDialog } from '../dialog-context.ts';
import { aboOfferFor, aboText, newAttemptKey } from './abo/abo-text.ts';
import './abo/abo.css';
import { WaitView } from './WaitView.tsx';

type Phase =
  | { kind: 'loading' }
  | { kind: 'load-failed' }
  | { kind: 'ready'; state: SubscriptionsState }
  | { kind: 'done'; result: SubscribeResult };

/**
 * Views `abo` (flows vipabo, trialvipabo) and `vxabo` (vxabo, vxtvabo), issue 4: what the guest gets
 * and what it costs (euro and coins, spec 9), the balance, Subscribe (paid from the wallet, one
 * idempotency key per attempt). Not enough money -> the top-up flow moneycharge; already subscribed
 * or the trial used -> said so; success -> `succeed(flow)` so the page refreshes its data.
 * A product the server does not sell (`state.offered`, issue 14: it delivers nothing yet) shows
 * no price and no Subscribe, only that it is not offered; a running one is still shown.
 */
export function AboView({ view }: { view: 'abo' | 'vxabo' }) {
  const { t: payT, lang, api, flow } = useDialog();
  const text = useMemo(() => aboText(lang), [lang]);
  const offer = aboOfferFor(flow, view);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });

  const load = useCallback(async () => {
    setPhase({ kind: 'loading' });
    try {
      setPhase({ kind: 'ready', state: await api.endpoint(subscriptionsEndpoints.state, {}) });
    } catch {
      setPhase({ kind: 'load-failed' });
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const title =
    offer.product === 'tv' ? text.t('titleTv') : offer.trial ? text.t('titleTrial') : text.t('titleVip');

  if (phase.kind === 'loading') return <WaitView label={payT('loading')} />;
  if (phase.kind === 'load-failed') {
    return (
      <ViewRoot view={view} screen="error" title={title}>
        <FormAlert message={text.t('loadFailed')} />
        <button type="button" className="primary" onClick={() => void load()}>
          {text.t('retry')}
        </button>
      </ViewRoot>
    );
  }
  if (phase.kind === 'done') return <AboSuccess view={view} result={phase.result} />;
  return (
    <AboOffer
      view={view}
      title={title}
      offer={offer}
      state={phase.state}
      onDone={(result) => setPhase({ kind: 'done', result })}
    />
  );
}

const VIP_BENEFIT_TEXT: Record<VipBenefit, 'vipBenefit1' | 'vipBenefit2' | 'vipBenefit3' | 'vipBenefit4'> = {
  vipVideosIncluded: 'vipBenefit1',
  newVip30Videos: 'vipBenefit2',
  livePreview20: 'vipBenefit3',
  tvIncluded: 'vipBenefit4',
};
const TV_BENEFIT_TEXT: Record<TvBenefit, 'tvBenefit1' | 'tvBenefit2' | 'tvBenefit3'> = {
  tvLivestream: 'tvBenefit1',
  mediathek: 'tvBenefit2',
  weeklyEpisodes: 'tvBenefit3',
};

function AboOffer({
  view,
  title,
  offer,
  state,
  onDone,
}: {
  view: 'abo' | 'vxabo';
  title: string;
  offer: { product: 'vip' | 'tv'; trial: boolean };
  state: SubscriptionsState;
  onDone: (result: SubscribeResult) => void;
}) {
  const { lang, api, goToFlow, close } = useDialog();
  const text = useMemo(() => aboText(lang), [lang]);
  const { t } = text;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notEnough, setNotEnough] = useState(false);
  /** The server refused the sale (PRODUCT_NOT_OFFERED): the offer was withdrawn meanwhile. */
  const [notOffered, setNotOffered] = useState(false);
  /** One key per attempt: a retry after a network error reuses it (charged once). */
  const attemptKey = useRef(newAttemptKey());

  const plan = state.plans[offer.product];
  const trial = offer.trial && offer.product === 'vip';
  const chargeCents = trial ? state.plans.vipTrial.price.value : plan.price.value;
  const running = state[offer.product];
  const includedInVip = offer.product === 'tv' && state.vip !== null;

  // Nothing delivered yet: neither VIP nor TV is sold (issue 14, decision 0029); a running one is shown below.
  if ((!running && !state.offered[offer.product]) || notOffered) {
    return (
      <ViewRoot view={view} screen="unavailable" title={title}>
        <p className="notice" role="status" data-abo-unavailable={offer.product}>
          {offer.product === 'tv' ? t('tvUnavailable') : t('vipUnavailable')}
        </p>
        <button type="button" className="primary" onClick={close}>
          {t('continue')}
        </button>
      </ViewRoot>
    );
  }
  if (running || includedInVip) {
    return (
      <ViewRoot view={view} screen="subscribed" title={title}>
        <p className="notice" role="status" data-abo-subscribed={offer.product}>
          {includedInVip ? t('includedInVip') : offer.product === 'vip' ? t('alreadyVip') : t('alreadyTv')}
        </p>
        <p className="intro">{t('manage')}</p>
        <button type="button" className="primary" onClick={close}>
          {t('continue')}
        </button>
      </ViewRoot>
    );
  }
  if (trial && !state.trialAvailable) {
    return (
      <ViewRoot view={view} screen="trial-used" title={title}>
        <p className="notice" role="status" data-abo-trial-used="">
          {t('trialUsed')}
        </p>
        <button type="button" className="primary" onClick={() => goToFlow('vipabo')}>
          {t('joinAtNormalPrice', { price: text.euro(state.plans.vip.price.value) })}
        </button>
      </ViewRoot>
    );
  }

  const lacksMoney = notEnough || state.balanceCents < chargeCents;
  const subscribe = async () => {
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const result = await api.endpoint(subscriptionsEndpoints.subscribe, {
        body: { product: offer.product, trial, idempotencyKey: attemptKey.current },
      });
      onDone(result);
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : null;
      if (code === 'NOT_ENOUGH_MONEY') setNotEnough(true);
      else if (code === 'PRODUCT_NOT_OFFERED') setNotOffered(true);
      else if (code === NETWORK_ERROR) setError(t('network'));
      else if (code === 'SUBSCRIPTION_PENDING') setError(t('pending'));
      else if (code === 'ALREADY_SUBSCRIBED' || code === 'INCLUDED_IN_VIP') {
        setError(code === 'INCLUDED_IN_VIP' ? t('includedInVip') : t('alreadyVip'));
      } else setError(t('failed'));
      // A definite answer ends this attempt: the next click is a new request.
      if (code !== NETWORK_ERROR) attemptKey.current = newAttemptKey();
    } finally {
      setSubmitting(false);
    }
  };

  // Only what the product delivers today (issue 14, @vela/domain/subscription-benefits).
  const benefits =
    offer.product === 'vip'
      ? deliveredBenefits('vip').map((b) => t(VIP_BENEFIT_TEXT[b]))
      : deliveredBenefits('tv').map((b) => t(TV_BENEFIT_TEXT[b]));
  return (
    <ViewRoot view={view} screen={trial ? 'trial' : 'offer'} title={title}>
      {benefits.length > 0 ? (
        <ul className="abo-benefits" data-abo-benefits="">
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      ) : (
        <p className="intro" data-abo-benefits="none">
          {t('noBenefitsYet')}
        </p>
      )}
      <p className="abo-price" data-abo-price={chargeCents}>
        {trial
          ? t('trialLine', {
              trialPrice: text.euro(chargeCents),
              trialDays: state.plans.vipTrial.periodDays,
              coins: text.coins(chargeCents),
              price: text.euro(plan.price.value),
              days: plan.periodDays,
            })
          : t('priceLine', {
              price: text.euro(plan.price.value),
              days: plan.periodDays,
              coins: text.coins(plan.price.value),
            })}
      </p>
      <p className="context" data-abo-balance={state.balanceCents}>
        {t('balance', { coins: text.coins(state.balanceCents), money: text.euro(state.balanceCents) })}
      </p>
      <p className="abo-note">{t('renewNote')}</p>
      <FormAlert message={error} />
      {lacksMoney ? (
        <div className="abo-not-enough" data-abo-not-enough="">
          <p className="notice" role="alert">
            {t('notEnoughMoney', { price: text.euro(chargeCents) })}
          </p>
          <button type="button" className="primary" onClick={() => goToFlow('moneycharge')}>
            {t('topUp')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="primary"
          data-abo-subscribe=""
          aria-busy={submitting}
          disabled={submitting}
          onClick={() => void subscribe()}
        >
          {submitting ? t('subscribing') : t('subscribe', { price: text.euro(chargeCents) })}
        </button>
      )}
    </ViewRoot>
  );
}

function AboSuccess({ view, result }: { view: 'abo' | 'vxabo'; result: SubscribeResult }) {
  const { lang, flow, succeed, guest, setGuest } = useDialog();
  const text = useMemo(() => aboText(lang), [lang]);
  const { subscription } = result;
  useEffect(() => {
    if (!guest) return;
    const isVip = guest.isVip || subscription.product === 'vip';
    if (guest.isVip === isVip && guest.isVXTVAboSubscriber && guest.balanceCents === result.balanceCents)
      return;
    setGuest({ ...guest, isVip, isVXTVAboSubscriber: true, balanceCents: result.balanceCents });
  }, [guest, setGuest, subscription.product, result.balanceCents]);
  return (
    <ViewRoot
      view={view}
      screen="success"
      title={subscription.product === 'vip' ? text.t('successVip') : text.t('successTv')}
    >
      <p role="status" data-abo-success={subscription.product}>
        {subscription.nextRenewal
          ? text.t('successDetail', {
              date: text.date(subscription.nextRenewal.at),
              price: text.euro(subscription.nextRenewal.price.value),
            })
          : null}
      </p>
      <button type="button" className="primary" onClick={() => succeed(flow)}>
        {text.t('continue')}
      </button>
    </ViewRoot>
  );
}
