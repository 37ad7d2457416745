/**
 * An empty messenger (no channel at all): performers to write to (spec 7 `recommendations`). "Write to"
 * opens (or creates) the channel with her.
 */
import type { Language } from '@vela/contracts/common';
import { useEffect, useState } from 'react';
import { loadRecommendations } from '../api/messengerApi.ts';
import { useMessengerT } from '../hooks/useMessengerT.ts';

type Actors = Awaited<ReturnType<typeof loadRecommendations>>['actors'];

export function Recommendations({ lang, onWrite }: { lang: Language; onWrite: (actorId: number) => void }) {
  const t = useMessengerT(lang);
  const [actors, setActors] = useState<Actors | 'loading' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry key.
  useEffect(() => {
    let live = true;
    setActors('loading');
    loadRecommendations().then(
      (answer) => live && setActors(answer.actors),
      () => live && setActors('error'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

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
        <ul className="messenger__recommended">
          {actors.map((actor) => (
            <li key={actor.actorId}>
              <button type="button" className="messenger-recommended" onClick={() => onWrite(actor.actorId)}>
                <span className="messenger-channel__avatar" aria-hidden="true">
                  {actor.previewPictureUrl ? (
                    <img src={actor.previewPictureUrl} alt="" loading="lazy" />
                  ) : null}
                </span>
                <span>{t('writeTo', { name: actor.actorName })}</span>
                {actor.isActorOnline ? <span className="online-dot" title={t('online')} /> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
