/**
 * The gifts catalogue and what the guest owns (spec 3 gift, guest boughtGifts; messenger-gift vouchers,
 * type 6), loaded once per page from `messenger/gifts`, and the stock kept current after each sent
 * message (the draft rules of @vela/domain/messenger-gift-draft).
 */
import type { Language } from '@vela/contracts/common';
import type { MessengerGift } from '@vela/contracts/messenger';
import type { GiftStock } from '@vela/domain/messenger-gift-draft';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { loadGifts, reportMessengerError } from '../api/messengerApi.ts';

export interface GiftsState {
  status: 'loading' | 'ready' | 'error';
  gifts: MessengerGift[];
  stock: GiftStock;
}

const EMPTY_STOCK: GiftStock = { owned: {}, vouchers: 0 };

/** A gift's name in the page's language (its translation `name`, else its own name). */
export function giftName(gift: MessengerGift, lang: Language): string {
  const own = gift.translations.filter((t) => t.language === lang);
  return (own.find((t) => t.name === 'name') ?? own[0])?.value || gift.name;
}

export function useGifts(lang: Language) {
  const [state, setState] = useState<GiftsState>({ status: 'loading', gifts: [], stock: EMPTY_STOCK });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    loadGifts(lang).then(
      (answer) =>
        live &&
        setState({
          status: 'ready',
          gifts: answer.gifts.filter((g) => g.active),
          stock: { owned: answer.boughtGifts, vouchers: answer.giftVouchers },
        }),
      (error: unknown) => {
        if (!live) return;
        if (attempt === 0)
          void reportMessengerError({ message: `gifts did not load: ${String(error)}`, context: 'gifts' });
        setState((s) => ({ ...s, status: 'error' }));
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, lang]);

  const byId = useMemo(() => new Map(state.gifts.map((g) => [g.id, g])), [state.gifts]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setStock = useCallback((stock: GiftStock) => setState((s) => ({ ...s, stock })), []);
  return { ...state, byId, retry, setStock };
}

export type Gifts = ReturnType<typeof useGifts>;
