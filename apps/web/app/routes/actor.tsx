import { pagesMessages } from '@vela/i18n/messages/pages';
import { matchPath, pathFor } from '@vela/i18n/routes';
import { translator } from '@vela/i18n/translate';
import { data, Link, redirect } from 'react-router';
import { Picture } from '../features/catalog/components/Picture.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { formatChatPrice, formatDate, formatPriceInCoins, languageName } from '../features/catalog/format.ts';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { usePagesT } from '../features/i18n/usePagesT.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import type { Route } from './+types/actor';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const url = new URL(request.url);
  const routeName = matchPath(url.pathname)?.name === 'Actor/AboutMe' ? 'Actor/AboutMe' : 'Actor';
  const name = params.actorName;
  // Spec 5: the actor name is lower-cased in URLs.
  const lower = name.toLowerCase();
  if (name !== lower) throw redirect(`${pathFor(routeName, lang, { actorName: lower })}${url.search}`, 301);
  const profile = await context.services.actorProfile(lang, name);
  if (!profile) throw data(null, { status: 404 });
  const { actor } = profile;
  const t = translator(pagesMessages, lang);
  const alternates = alternatesFor(routeName, () => ({ actorName: actor.slug }));
  const head = pageHead(context.config, {
    lang,
    seoTitle: profile.seo.seoTitle,
    fallbackTitle: t('actor.titleFallback', { name: actor.name }),
    seoDescription: profile.seo.seoDescription,
    fallbackDescription: t('actor.descriptionFallback', { name: actor.name }),
    alternates,
    ogType: 'profile',
    image: actor.avatar,
  });
  return { lang, alternates, head, actor, seo: profile.seo };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/**
 * Actor profile, about-me tab (spec 2 `/amateur/:actorName/` and `.../about-me/`). The other tabs
 * (videos, pictures, live show, top cams) are not built yet and are not linked.
 */
export default function ActorPage({ loaderData }: Route.ComponentProps) {
  const { lang, actor, seo } = loaderData;
  const t = usePagesT(lang);
  return (
    <article className="page profile" aria-labelledby="page-title">
      <header className="profile__header">
        <div className="profile__avatar">
          <Picture
            image={actor.avatar}
            alt={t('tile.avatarAlt', { name: actor.name })}
            sizes="(min-width: 768px) 320px, 50vw"
            eager
          />
        </div>
        <div className="profile__intro">
          <h1 id="page-title">{seo.h1 || actor.name}</h1>
          <p className={actor.isOnline ? 'status status--online' : 'status'}>
            {actor.isOnline ? t('actor.online') : t('actor.offline')}
          </p>
          <p className="page__meta">
            {t('tile.age', { age: actor.age })} · {formatChatPrice(actor.chatPrice, lang)}
          </p>
          <nav aria-label={t('actor.sections')} className="tabs">
            <Link to={pathFor('Actor/AboutMe', lang, { actorName: actor.slug })} aria-current="page">
              {t('actor.tab.aboutMe')}
            </Link>
          </nav>
        </div>
      </header>

      <div className="profile__columns">
        <section aria-labelledby="about-title" className="profile__section">
          <h2 id="about-title">{t('actor.aboutMe')}</h2>
          {actor.aboutMe
            .split(/\n{2,}/)
            .filter(Boolean)
            .map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
        </section>

        <section aria-labelledby="facts-title" className="profile__section">
          <h2 id="facts-title">{t('actor.facts')}</h2>
          <dl className="facts">
            <dt>{t('actor.age')}</dt>
            <dd>{t('tile.age', { age: actor.age })}</dd>
            <dt>{t('actor.gender')}</dt>
            <dd>{t('actor.genderValue', { gender: actor.gender })}</dd>
            <dt>{t('actor.type')}</dt>
            <dd>{t('actor.typeValue', { type: actor.actorType })}</dd>
            {actor.spokenLanguages.length > 0 ? (
              <>
                <dt>{t('actor.languages')}</dt>
                <dd>
                  {actor.spokenLanguages.map((code, i) => (
                    <span key={code} lang={code}>
                      {i > 0 ? ', ' : ''}
                      {languageName(code, lang)}
                    </span>
                  ))}
                </dd>
              </>
            ) : null}
            {actor.city ? (
              <>
                <dt>{t('actor.city')}</dt>
                <dd>{actor.city}</dd>
              </>
            ) : null}
            {actor.height ? (
              <>
                <dt>{t('actor.height')}</dt>
                <dd>{t('actor.heightValue', { cm: actor.height })}</dd>
              </>
            ) : null}
            {actor.zodiac ? (
              <>
                <dt>{t('actor.zodiac')}</dt>
                <dd>{t('actor.zodiacValue', { sign: actor.zodiac })}</dd>
              </>
            ) : null}
            <dt>{t('actor.content')}</dt>
            <dd>
              {t('actor.videoCount', { count: actor.videoCount })},{' '}
              {t('actor.albumCount', { count: actor.albumCount })}
            </dd>
            <dt>{t('actor.registered')}</dt>
            <dd>{formatDate(actor.registeredAt, lang)}</dd>
          </dl>
        </section>

        <section aria-labelledby="prices-title" className="profile__section">
          <h2 id="prices-title">{t('actor.prices')}</h2>
          <dl className="facts">
            <dt>{t('actor.price.chat')}</dt>
            <dd>{formatChatPrice(actor.prices.single, lang)}</dd>
            <dt>{t('actor.price.cam2cam')}</dt>
            <dd>{formatChatPrice(actor.prices.singlec2c, lang)}</dd>
            {actor.isVoyeurChatAvailable ? (
              <>
                <dt>{t('actor.price.voyeur')}</dt>
                <dd>{formatChatPrice(actor.prices.voyeur, lang)}</dd>
              </>
            ) : null}
            <dt>{t('actor.price.video')}</dt>
            <dd>{formatPriceInCoins(actor.prices.video, lang)}</dd>
            <dt>{t('actor.price.message')}</dt>
            <dd>{formatPriceInCoins(actor.prices.message, lang)}</dd>
            <dt>{t('actor.freeChat')}</dt>
            <dd>{actor.freeChat ? t('actor.yes') : t('actor.no')}</dd>
          </dl>
        </section>

        {actor.categories.length > 0 ? (
          <section aria-labelledby="categories-title" className="profile__section">
            <h2 id="categories-title">{t('actor.categories')}</h2>
            <ul className="chips">
              {actor.categories.map((c) => (
                <li key={c.id}>
                  <Link className="chip" to={pathFor('Categories/Category', lang, { categorySlug: c.slug })}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {actor.tags.length > 0 ? (
          <section aria-labelledby="tags-title" className="profile__section">
            <h2 id="tags-title">{t('actor.tags')}</h2>
            <ul className="chips">
              {actor.tags.map((tag) => (
                <li key={tag} className="chip chip--static">
                  {tag}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  );
}
