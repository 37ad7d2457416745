import { actorErrorMeta } from '../features/actor/actorMeta.ts';
import { loadActorTab } from '../features/actor/actorPage.ts';
import { ActorErrorBoundary } from '../features/actor/components/ActorErrorBoundary.tsx';
import { ActorProfileHeader } from '../features/actor/components/ActorProfileHeader.tsx';
import { useActorT } from '../features/actor/useActorT.ts';
import '../features/actor/actor.css';
import { formatPriceInCoins } from '../features/catalog/format.ts';
import { LiveChatSlot } from '../features/live/components/LiveChatSlot.tsx';
import { headMeta } from '../features/seo/head.ts';
import { TicketSlot } from '../features/tickets/TicketSlot.tsx';
import type { Route } from './+types/actor-live-show';

/** The actor's live-show tab (spec 2 `live-show/`): live now, the live chat (issue 16), and the upcoming cam shows. */
export async function loader(args: Route.LoaderArgs) {
  return loadActorTab(args, {
    route: 'Actor/LiveShow',
    load: (lang, actorName, country) => args.context.services.actorLiveShowPage(lang, actorName, country),
    fallbackTitle: (t, header) => t('live.title', { name: header.name }),
  });
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : actorErrorMeta(matches, error);
}

export function ErrorBoundary() {
  return <ActorErrorBoundary />;
}

/** Show times in Berlin time (the platform's time zone), same text on server and client. */
function formatShowTime(iso: string, lang: string): string {
  const locale = { de: 'de-DE', en: 'en-GB', nl: 'nl-NL', es: 'es-ES' }[lang] ?? 'en-GB';
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));
}

export default function ActorLiveShowPage({ loaderData }: Route.ComponentProps) {
  const { lang, header, data } = loaderData;
  const t = useActorT(lang);
  return (
    <article className="page profile" aria-labelledby="page-title">
      <ActorProfileHeader header={header} lang={lang} current="liveShow" />
      <section className="actor-block" aria-labelledby="live-title">
        <h2 id="live-title">{t('live.title', { name: header.name })}</h2>
        <p className={data.isLiveNow ? 'actor-live' : 'page__meta'}>
          {data.isLiveNow ? t('live.now', { name: header.name }) : t('live.notNow', { name: header.name })}
        </p>
        <LiveChatSlot actor={header} lang={lang} />
        <h3>{t('live.upcoming')}</h3>
        {data.shows.length === 0 ? (
          <p className="empty-state">{t('live.empty')}</p>
        ) : (
          <ul className="actor-shows">
            {data.shows.map((show) => (
              <li key={show.id} className="actor-show">
                <h4>{show.title}</h4>
                <p className="page__meta">
                  {t('live.when', {
                    start: formatShowTime(show.start, lang),
                    end: formatShowTime(show.end, lang),
                  })}
                  {' · '}
                  {show.isFree ? t('live.free') : formatPriceInCoins(show.price, lang)}
                  {show.hasStarted ? ` · ${t('live.running')}` : ''}
                  {show.isFeatured ? ` · ${t('live.featured')}` : ''}
                </p>
                <p>{show.description}</p>
                <TicketSlot show={{ ...show, actorId: header.id }} lang={lang} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
