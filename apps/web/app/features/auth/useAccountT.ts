import { type AccountMessageKey, accountMessages } from '@vela/i18n/messages/account';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';
import { useShell } from '../layout/state/ShellContext.tsx';

/** Account strings (dialog host, modals, placeholders, Lindemann) in the page's language. */
export function useAccountT(): Translate<AccountMessageKey> {
  const { lang } = useShell();
  return useMemo(() => translator(accountMessages, lang), [lang]);
}
