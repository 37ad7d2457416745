/**
 * The gift picker of the composer (spec 4 "Gift message"): the catalogue with prices, VIP marks and
 * the temporary owned counts (adding lowers, removing raises up to owned), the gift vouchers and the
 * draft's price (owned free, the rest summed). Escape or Close closes it and gives focus back.
 */
import type { Language } from '@vela/contracts/common';
import {
  addGift,
  draftCount,
  type GiftDraft,
  removeGift,
  temporaryOwned,
  vouchersUsed,
} from '@vela/domain/messenger-gift-draft';
import { formatCoins, formatPriceInCoins } from '../../catalog/format.ts';
import { type Gifts, giftName } from '../hooks/useGifts.ts';
import { useMessengerT } from '../hooks/useMessengerT.ts';
import { ComposerPanel } from './ComposerPanel.tsx';

interface GiftPickerProps {
  lang: Language;
  gifts: Gifts;
  draft: GiftDraft;
  onDraft: (draft: GiftDraft) => void;
  isVip: boolean;
  /** The draft's price in coins (0: free). */
  draftCoins: number;
  onClose: () => void;
}

export function GiftPicker({ lang, gifts, draft, onDraft, isVip, draftCoins, onClose }: GiftPickerProps) {
  const t = useMessengerT(lang);
  const count = draftCount(draft);
  const vouchersLeft = gifts.stock.vouchers - vouchersUsed(draft, gifts.stock);

  return (
    <ComposerPanel
      id="messenger-gifts-title"
      title={t('giftsTitle')}
      closeLabel={t('close')}
      onClose={onClose}
      marker="gift-picker"
    >
      {gifts.status === 'loading' ? (
        <p role="status">{t('giftsLoading')}</p>
      ) : gifts.status === 'error' ? (
        <p role="alert">
          {t('giftsFailed')}{' '}
          <button type="button" className="link-button" onClick={gifts.retry}>
            {t('retry')}
          </button>
        </p>
      ) : gifts.gifts.length === 0 ? (
        <p>{t('giftsEmpty')}</p>
      ) : (
        <ul className="messenger-gifts">
          {gifts.gifts.map((gift) => {
            const name = giftName(gift, lang);
            const inDraft = draft[gift.id] ?? 0;
            const locked = gift.vip && !isVip;
            return (
              <li key={gift.id} className="messenger-gift" data-gift-id={gift.id}>
                <img src={gift.imageUrl} alt="" width={48} height={48} loading="lazy" />
                <span className="messenger-gift__name">
                  {name}
                  {gift.vip ? (
                    <span className="messenger-gift__vip" title={t('giftVipOnly')}>
                      {t('giftVip')}
                    </span>
                  ) : null}
                </span>
                <span className="messenger-gift__price">{formatPriceInCoins(gift.price, lang)}</span>
                <span
                  className="messenger-gift__owned"
                  data-owned={temporaryOwned(gifts.stock, draft, gift.id)}
                >
                  {t('giftOwned', { count: temporaryOwned(gifts.stock, draft, gift.id) })}
                </span>
                <span className="messenger-gift__controls">
                  <button
                    type="button"
                    className="messenger-gift__step"
                    aria-label={t('giftRemove', { name })}
                    disabled={inDraft === 0}
                    onClick={() => onDraft(removeGift(draft, gift.id))}
                    data-gift-remove=""
                  >
                    −
                  </button>
                  <span aria-live="polite" data-in-draft={inDraft}>
                    {inDraft > 0 ? t('giftInDraft', { count: inDraft }) : null}
                  </span>
                  <button
                    type="button"
                    className="messenger-gift__step"
                    aria-label={t('giftAdd', { name })}
                    disabled={locked}
                    title={locked ? t('giftVipOnly') : undefined}
                    onClick={() => onDraft(addGift(draft, gift.id))}
                    data-gift-add=""
                  >
                    +
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className="messenger-picker__foot" aria-live="polite">
        {gifts.stock.vouchers > 0 ? (
          <span>{t('giftVouchers', { count: Math.max(0, vouchersLeft) })} </span>
        ) : null}
        {count > 0 ? (
          <strong data-draft-price={draftCoins}>
            {draftCoins === 0
              ? t('giftsDraftFree', { count })
              : t('giftsDraft', { count, price: formatCoins(draftCoins, lang) })}
          </strong>
        ) : null}
      </p>
    </ComposerPanel>
  );
}
