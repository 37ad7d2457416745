/**
 * An empty messenger (no channel at all): performers to write to (spec 7 `recommendations`). The page
 * asks for what it shows: a grid of 8 on wide screens (`useGrid` 1), a slider of 5 below 1023 px
 * (`useGrid` 0; spec 9 "recommendations per grid 8, per slider 5"), and preview pictures up to FSK-18
 * when the guest's age check is accepted, else FSK-16 (`fsk`; the server applies the same rule). "Write
 * to" opens (or creates) the channel with her.
 */
import type { Language } from '@vela/contracts/common';
import { MOBILE_MENU_QUERY } from '@vela/domain/breakpoints';
import { useEffect, useState } from 'react';
import { useViewer } from '../../auth/useViewer.tsx';
import { loadRecommendations } from '../api/messengerApi.ts';
import { useMessengerT } from '../hooks/useMessengerT.ts';

type Actors = Awaited<ReturnType<typeof loadRecommendations>>['actors'];
type Layout = 'grid' | 'slider';

/** Grid on wide screens, slider below the mobile width; null until the page knows (after mount). */
function useLayout(): Layout | null {
  const [layout, setLayout] = useState<Layout | null>(null);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_MENU_QUERY);
    const update = () => setLayout(query.matches ? 'slider' : 'grid');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return layout;
}

export function Recommendations({ lang, onWrite }: { lang: Language; onWrite: (actorId: number) => void }) {
  const t = useMessengerT(lang);
  const layout = useLayout();
  const { avsAccepted } = useViewer();
  const fsk = avsAccepted ? 18 : 16;
  const [actors, setActors] = useState<Actors | 'loading' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry key.
  useEffect(() => {
    if (!layout) return;
    let live = true;
    setActors('loading');
    loadRecommendations(lang, { layout, fsk }).then(
      (answer) => live && setActors(answer.actors),
      () => live && setActors('error'),
    );
    return () => {
      live = false;
    };
  }, [attempt, layout, fsk, lang]);

  return (
    <div className="messenger__recommendations" data-recommendations="">
      <p>{t('noChannels')}</p>
      {actors === 'loading' ? (
        <p className="messenger__status" role="status">
          {t('channelsLoading')}
        </p>
      ) : actors === 'error' ? (
        <p className="messenger__status" role="alert">
          {t('recommendationsFailed')}{' '}
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        </p>
      ) : (
        <ul className={`messenger__recommended messenger__recommended--${layout}`} data-layout={layout}>
          {actors.map((actor) => (
            <li key={actor.actorId}>
              <button
                type="button"
                className="messenger-recommended"
                data-actor-id={actor.actorId}
                onClick={() => onWrite(actor.actorId)}
              >
                <span className="messenger-recommended__picture" aria-hidden="true">
                  {actor.previewPictureUrl ? (
                    <img
                      src={actor.previewPictureUrl}
                      alt=""
                      loading="lazy"
                      data-age-rating={actor.previewPictureAgeRating}
                    />
                  ) : null}
                </span>
                <span className="messenger-recommended__name">
                  {t('writeTo', { name: actor.actorName })}
                  {actor.isActorOnline ? (
                    <>
                      <span className="online-dot" title={t('online')} />
                      <span className="visually-hidden">{t('online')}</span>
                    </>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
