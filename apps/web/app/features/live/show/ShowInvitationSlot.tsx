/**
 * Where every page listens for spec 7 `privateTicketShowInvitation` (issue 18). The shell carries this
 * file only; the toast (its words, its styles) loads when the first invitation arrives (decision 0035).
 */
import type { Language } from '@vela/contracts/common';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSocketMessage } from '../../realtime/hooks/useSocketMessage.ts';
import type { ShowInvitation } from './ShowInvitationToast.tsx';

const ShowInvitationToast = lazy(() => import('./ShowInvitationToast.tsx'));

export function ShowInvitationSlot({ lang }: { lang: Language }) {
  const [invitation, setInvitation] = useState<ShowInvitation | null>(null);
  useSocketMessage('privateTicketShowInvitation', setInvitation);
  const close = useCallback(() => setInvitation(null), []);
  if (!invitation) return null;
  return (
    <Suspense fallback={null}>
      <ShowInvitationToast invitation={invitation} lang={lang} onClose={close} />
    </Suspense>
  );
}
