import type { ActorAlbumTile, ChatRatings, HeatMap, Interview } from '@vela/contracts/actors';
import type { Language } from '@vela/contracts/common';
import { Link } from 'react-router';
import { Picture } from '../../catalog/components/Picture.tsx';
import { formatDate, formatDuration, formatPriceInCoins } from '../../catalog/format.ts';
import { linkIfBuilt } from '../../i18n/implemented.ts';
import { useActorT } from '../useActorT.ts';

/** Spec 5/9: the satisfaction rate only with at least 10 ratings in the last 90 days (server sends null below). */
export function ChatRatingsBlock({ ratings, lang }: { ratings: ChatRatings; lang: Language }) {
  const t = useActorT(lang);
  const { countRatings, satisfactionRate } = ratings.lastNinetyDays;
  return (
    <section aria-labelledby="ratings-title" className="profile__section">
      <h2 id="ratings-title">{t('ratings.title')}</h2>
      {satisfactionRate === null ? (
        <p className="empty-state" data-testid="ratings-hidden">
          {t('ratings.tooFew')}
        </p>
      ) : (
        <p data-testid="ratings-shown">
          <strong className="actor-rating">{t('ratings.value', { rate: satisfactionRate })}</strong>
          <br />
          <span className="page__meta">{t('ratings.count', { count: countRatings })}</span>
        </p>
      )}
    </section>
  );
}

const DAYS = ['day.0', 'day.1', 'day.2', 'day.3', 'day.4', 'day.5', 'day.6'] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** Heat map of spec 3 as an accessible table: weekdays as rows, hours as columns, values in percent. */
export function HeatMapTable({ heatMap, lang }: { heatMap: HeatMap | null; lang: Language }) {
  const t = useActorT(lang);
  return (
    <section aria-labelledby="heatmap-title" className="profile__section actor-heatmap">
      <h2 id="heatmap-title">{t('heatMap.title')}</h2>
      {heatMap ? (
        <>
          {heatMap.memo ? <p>{heatMap.memo}</p> : null}
          <table className="actor-heatmap__table">
            <caption id="heatmap-caption">{t('heatMap.caption', { name: heatMap.actorName })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('heatMap.day')}</th>
                {HOURS.map((h) => (
                  <th scope="col" key={h}>
                    <abbr title={hourLabel(h)}>{h}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {DAYS.map((day, d) => (
                <tr key={day}>
                  <th scope="row">{t(day)}</th>
                  {HOURS.map((h) => {
                    const value = heatMap.heatMaps[d]?.[h] ?? 0;
                    return (
                      <td
                        key={h}
                        className="actor-heatmap__cell"
                        style={{ '--heat': value / 100 } as React.CSSProperties}
                      >
                        <span className="visually-hidden">{t('heatMap.cell', { value })}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {heatMap.hoursToBeOnline.length > 0 ? (
            <p className="page__meta">
              {t('heatMap.planned', { hours: heatMap.hoursToBeOnline.map(hourLabel).join(', ') })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="empty-state">{t('heatMap.empty')}</p>
      )}
    </section>
  );
}

/** Interviews (spec 9: image size 720, duration in seconds shown mm:ss). */
export function InterviewList({ interviews, lang }: { interviews: Interview[]; lang: Language }) {
  const t = useActorT(lang);
  if (interviews.length === 0) return null;
  return (
    <section aria-labelledby="interviews-title" className="profile__section actor-wide">
      <h2 id="interviews-title">{t('interviews.title')}</h2>
      <ul className="actor-interviews">
        {interviews.map((interview) => (
          <li key={interview.id} className="actor-interview">
            <Picture
              image={interview.image}
              alt={interview.title}
              sizes={`(min-width: ${interview.imageSize}px) ${interview.imageSize}px, 100vw`}
            />
            <p className="actor-interview__title">{interview.title}</p>
            <p className="page__meta">
              {t('interviews.duration', { duration: formatDuration(interview.duration) })} ·{' '}
              {formatDate(interview.publishedAt, lang)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The actor's albums (the pictures tab): cover, title, price, likes; each links to its album page. */
export function AlbumList({
  albums,
  lang,
  actorName,
  actorSlug,
}: {
  albums: ActorAlbumTile[];
  lang: Language;
  actorName: string;
  actorSlug: string;
}) {
  const t = useActorT(lang);
  return (
    <section
      id="pictures"
      aria-labelledby="pictures-title"
      className="profile__section actor-wide"
      tabIndex={-1}
    >
      <h2 id="pictures-title">{t('albums.title')}</h2>
      {albums.length === 0 ? (
        <p className="empty-state">{t('albums.empty', { name: actorName })}</p>
      ) : (
        <ul className="tile-grid">
          {albums.map((album) => {
            const path = linkIfBuilt('Actor/Pictures', lang, { actorName: actorSlug, albumId: album.id });
            const body = (
              <>
                <span className="tile__media">
                  <Picture image={album.cover} alt={t('albums.coverAlt', { title: album.title })} />
                </span>
                <span className="tile__body">
                  <span className="tile__title">{album.title}</span>
                  <span className="tile__meta">
                    {album.type === 'video' ? t('albums.video') : t('albums.image')}
                  </span>
                  <span className="tile__price">{formatPriceInCoins(album.price, lang)}</span>
                  <span className="tile__meta">{t('albums.likes', { count: album.likes })}</span>
                </span>
              </>
            );
            return (
              <li key={album.id} className="tile-grid__item">
                {path ? (
                  <Link className="tile tile--link" to={path}>
                    {body}
                  </Link>
                ) : (
                  <div className="tile">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
