/**
 * Toy control from the messenger (issue 19 deliverable 4; shown while the channel says
 * `isDildocontrolAvailable`): the presets and prices of `GET live/toys/:actorId`; a preset is a paid
 * action (`messenger/channel/:id/toy`, one `actionId` per attempt) through the purchase flow (not
 * enough money: the top-up modal, then once more by itself). A refused command is refunded and said.
 * Escape or Close closes it.
 */
import type { Language, Price } from '@vela/contracts/common';
import type { ToyOffer } from '@vela/contracts/live-interaction';
import type { MessengerChannel, MessengerMessage } from '@vela/contracts/messenger';
import type { ToyPreset } from '@vela/domain/toy-control';
import { useEffect, useState } from 'react';
import { formatPriceInCoins } from '../../catalog/format.ts';
import { usePaidRequest } from '../../purchase/usePaidRequest.ts';
import { loadToyOffer, sendToyAction } from '../api/messengerApi.ts';
import { errorText, type MessengerT, presetLabel, useMessengerT } from '../hooks/useMessengerT.ts';
import { ComposerPanel } from './ComposerPanel.tsx';

function PresetButton({
  t,
  lang,
  channelId,
  preset,
  price,
  onResult,
}: {
  t: MessengerT;
  lang: Language;
  channelId: string;
  preset: ToyPreset;
  price: Price;
  onResult: (status: 'done' | 'refunded', message: MessengerMessage) => void;
}) {
  const paid = usePaidRequest({
    price,
    ageCheck: false,
    request: (actionId) => sendToyAction(lang, channelId, actionId, preset),
    onDone: (result) => onResult(result.status, result.message),
  });
  const busy = paid.state.kind === 'busy' || paid.state.kind === 'topping-up';
  return (
    <li>
      <button type="button" className="chip" disabled={busy} onClick={paid.run} data-toy-preset={preset}>
        {t('toyPreset', { preset: presetLabel(t, preset), price: formatPriceInCoins(price, lang) })}
      </button>
      {paid.state.kind === 'error' ? (
        <span className="messenger__error" role="alert">
          {errorText(t, paid.state.code)}
        </span>
      ) : null}
    </li>
  );
}

export function ToyPanel({
  lang,
  channel,
  onMessage,
  onClose,
}: {
  lang: Language;
  channel: MessengerChannel;
  onMessage: (message: MessengerMessage) => void;
  onClose: () => void;
}) {
  const t = useMessengerT(lang);
  const [offer, setOffer] = useState<ToyOffer | 'loading' | 'error'>('loading');
  const [result, setResult] = useState<'done' | 'refunded' | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry key.
  useEffect(() => {
    let live = true;
    setOffer('loading');
    loadToyOffer(channel.actorId).then(
      (answer) => live && setOffer(answer),
      () => live && setOffer('error'),
    );
    return () => {
      live = false;
    };
  }, [channel.actorId, attempt]);

  return (
    <ComposerPanel
      id="messenger-toy-title"
      title={t('toyTitle', { name: channel.actorName })}
      closeLabel={t('close')}
      onClose={onClose}
      marker="toy-panel"
    >
      {offer === 'loading' ? (
        <p role="status">{t('toyLoading')}</p>
      ) : offer === 'error' ? (
        <p role="alert">
          {t('toyFailed')}{' '}
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        </p>
      ) : !offer.available ? (
        <p>{t('toyUnavailable')}</p>
      ) : (
        <>
          {offer.state.status === 'vibrating' ? <p>{t('toyVibrating')}</p> : null}
          <ul className="messenger-toy__presets">
            {offer.presets.map((p) => (
              <PresetButton
                key={p.preset}
                t={t}
                lang={lang}
                channelId={channel.channelId}
                preset={p.preset}
                price={p.price}
                onResult={(status, message) => {
                  setResult(status);
                  onMessage(message);
                }}
              />
            ))}
          </ul>
        </>
      )}
      <p aria-live="polite" data-toy-result={result ?? ''}>
        {result === 'done' ? t('toyDone') : result === 'refunded' ? t('toyRefunded') : null}
      </p>
    </ComposerPanel>
  );
}
