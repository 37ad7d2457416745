/**
 * Spec 3 video recommendations beside the player: from the same performer and from others, as tiles
 * whose link is this page with `?video=<id>` (the modal switches to that video in place). Loaded
 * after the player; a failure says so and leaves the player alone.
 */
import type { Language } from '@vela/contracts/common';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import { formatDurationLabel } from '../../catalog/format.ts';
import {
  loadRecommendations,
  type Recommendations as RecommendationLists,
  type RecommendedVideo,
} from '../api.ts';
import type { PlayerT } from '../usePlayerT.ts';
import { searchWithVideo } from '../videoQuery.ts';

/** Spec 9 (mobile): recommendations per slider 5. */
const PER_ROW = 5;

function Row({ title, items, lang }: { title: string; items: RecommendedVideo[]; lang: Language }) {
  const id = useId();
  const location = useLocation();
  if (items.length === 0) return null;
  return (
    <section className="player-recs__row" aria-labelledby={id}>
      <h3 id={id} className="player-recs__title">
        {title}
      </h3>
      <ul className="player-recs__list">
        {items.slice(0, PER_ROW).map((video) => (
          <li key={video.id}>
            <Link
              className="player-recs__tile"
              to={{ pathname: location.pathname, search: searchWithVideo(location.search, video.id) }}
              replace
              preventScrollReset
              data-video-id={video.id}
            >
              <span className="player-recs__media">
                <Picture image={video.preview} alt="" sizes="160px" />
                <span className="badge badge--duration">{formatDurationLabel(video.duration, lang)}</span>
              </span>
              <span className="player-recs__name">{video.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Recommendations({
  actorId,
  actorName,
  videoId,
  lang,
  t,
}: {
  actorId: number;
  actorName: string;
  videoId: number;
  lang: Language;
  t: PlayerT;
}) {
  const [lists, setLists] = useState<RecommendationLists | 'failed' | null>(null);
  useEffect(() => {
    let current = true;
    setLists(null);
    loadRecommendations(actorId, videoId, lang).then(
      (loaded) => current && setLists(loaded),
      () => current && setLists('failed'),
    );
    return () => {
      current = false;
    };
  }, [actorId, videoId, lang]);

  if (lists === null) return null;
  if (lists === 'failed') return <p className="player-recs__failed">{t('recommendationsFailed')}</p>;
  return (
    <div className="player-recs" data-player-recommendations="">
      <Row title={t('fromSameActor', { name: actorName })} items={lists.fromSameActor} lang={lang} />
      <Row title={t('fromDifferentActor')} items={lists.fromDifferentActor} lang={lang} />
    </div>
  );
}
