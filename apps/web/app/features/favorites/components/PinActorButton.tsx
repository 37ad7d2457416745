/**
 * Add to / remove from favorites on a performer's profile (spec 4 "Favorites": pin/unpin actor over
 * the socket). A visitor gets the login dialog and the pin is completed after the login (spec 3
 * stored login action pinActor; PinButton).
 */
import type { Language } from '@vela/contracts/common';
import { useLiveT } from '../../notifications/hooks/useLiveT.ts';
import { LazyPinButton } from './LazyPinButton.tsx';

export function PinActorButton({ actorId, lang }: { actorId: number; lang: Language }) {
  const t = useLiveT(lang);
  return (
    <LazyPinButton
      target="actor"
      id={actorId}
      label={{ pin: t('pin'), unpin: t('unpin') }}
      failedText={t('pinFailed')}
      wrapperClassName="pin-actor"
      className="button pin-actor__button"
      data={{ 'data-pin-actor': actorId }}
    />
  );
}
