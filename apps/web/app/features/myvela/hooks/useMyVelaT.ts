import type { Language } from '@vela/contracts/common';
import { myvelaMessages } from '@vela/i18n/messages/myvela';
import { type Translate, translator } from '@vela/i18n/translate';
import { useMemo } from 'react';
import type { MyVelaMessageKey } from '../errors.ts';

export type MyVelaT = Translate<MyVelaMessageKey>;

/** The guest-area translator for a language. */
export function useMyVelaT(lang: Language): MyVelaT {
  return useMemo(() => translator(myvelaMessages, lang), [lang]);
}
