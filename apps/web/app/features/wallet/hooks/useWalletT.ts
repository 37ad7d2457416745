import type { Language } from '@vela/contracts/common';
import { moneyMessages } from '@vela/i18n/messages/money';
import { walletMessages } from '@vela/i18n/messages/wallet';
import { translator } from '@vela/i18n/translate';
import { useMemo } from 'react';
import type { MoneyT, WalletT } from '../presenters.ts';

/** The wallet and money translators for a language. */
export function useWalletT(lang: Language): { t: WalletT; moneyT: MoneyT } {
  return useMemo(
    () => ({ t: translator(walletMessages, lang), moneyT: translator(moneyMessages, lang) }),
    [lang],
  );
}
