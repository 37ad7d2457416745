/**
 * The global search page (spec 2 `/search/videos/:searchPattern/`): every group of spec 3 with its
 * count and first page (spec 2 page sizes), group links, `?group=&offset=` paging of one group,
 * the "too short" message under 3 characters and the empty state. Search pages are noindex.
 */
import {
  SEARCH_GROUP_TYPES,
  SEARCH_MAX_OFFSET,
  type SearchGroup,
  type SearchGroupType,
  type SearchItemOf,
} from '@vela/contracts/search';
import { isSearchable, normalizeSearchPattern, SEARCH_MIN_LENGTH } from '@vela/domain/recent-searches';
import { searchMessages } from '@vela/i18n/messages/search';
import { translator } from '@vela/i18n/translate';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { data, Link, useNavigate } from 'react-router';
import { ActorTile } from '../features/catalog/components/ActorTile.tsx';
import { BlogPostTile } from '../features/catalog/components/BlogPostTile.tsx';
import { Picture } from '../features/catalog/components/Picture.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { TileGrid } from '../features/catalog/components/TileGrid.tsx';
import { TvSeriesTile } from '../features/catalog/components/TvSeriesTile.tsx';
import { VideoTile } from '../features/catalog/components/VideoTile.tsx';
import { formatDate } from '../features/catalog/format.ts';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { useRecentSearches } from '../features/layout/hooks/useRecentSearches.ts';
import { itemLink, searchPageLink } from '../features/search/links.ts';
import { formatGroupCount, type SearchT, useSearchT } from '../features/search/useSearchT.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import '../features/search/search.css';
import type { Language } from '@vela/contracts/common';
import type { Route } from './+types/search';

function parseGroup(value: string | null): SearchGroupType | undefined | null {
  if (value === null) return undefined;
  return (SEARCH_GROUP_TYPES as readonly string[]).includes(value) ? (value as SearchGroupType) : null;
}

function parseOffset(value: string | null): number | null {
  if (value === null) return 0;
  if (!/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n <= SEARCH_MAX_OFFSET ? n : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const url = new URL(request.url);
  const pattern = normalizeSearchPattern(params.searchPattern ?? '');
  const group = parseGroup(url.searchParams.get('group'));
  const offset = parseOffset(url.searchParams.get('offset'));
  if (group === null || offset === null || (offset > 0 && !group) || pattern.length > 100) {
    throw data(null, { status: 404 });
  }
  const t = translator(searchMessages, lang);
  const alternates = alternatesFor('Search/Videos', () => ({
    searchPattern: pattern || params.searchPattern,
  }));
  const head = pageHead(context.config, {
    lang,
    fallbackTitle: t('page.metaTitle', { pattern }),
    fallbackDescription: t('page.metaDescription', { pattern }),
    alternates,
    noindex: true,
  });
  if (!isSearchable(pattern)) {
    return { lang, pattern, head, result: null, group: group ?? null };
  }
  const result = await context.services.globalSearch(lang, pattern, group, offset);
  return { lang, pattern, head, result, group: group ?? null };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** A search tile: a link where the item has a page, else a plain tile. */
function LinkedTile({ href, children }: { href: string | null; children: ReactNode }) {
  return href ? (
    <Link className="tile tile--link" to={href}>
      {children}
    </Link>
  ) : (
    <div className="tile">{children}</div>
  );
}

function AlbumCard({ album, lang, t }: { album: SearchItemOf['photos']; lang: Language; t: SearchT }) {
  return (
    <LinkedTile href={itemLink('photos', album, lang)}>
      <span className="tile__media">
        <Picture image={album.cover} alt={t('item.albumAlt', { title: album.title })} />
      </span>
      <span className="tile__body">
        <span className="tile__title">{album.title}</span>
        <span className="tile__meta">{t('item.by', { name: album.actor.name })}</span>
      </span>
    </LinkedTile>
  );
}

function EpisodeCard({
  episode,
  lang,
  t,
}: {
  episode: SearchItemOf['mediathek'];
  lang: Language;
  t: SearchT;
}) {
  return (
    <LinkedTile href={itemLink('mediathek', episode, lang)}>
      <span className="tile__media tile__media--wide">
        <Picture image={episode.image} alt={t('item.imageAlt', { title: episode.title })} />
      </span>
      <span className="tile__body">
        <span className="tile__title">{episode.title}</span>
        <span className="tile__meta">
          {episode.series.title} · {formatDate(episode.airedAt, lang)}
        </span>
      </span>
    </LinkedTile>
  );
}

/** The tile of each group's items; the groups of the same kind (actors/models, ...) share one. */
const TILE_OF: { [T in SearchGroupType]: (item: SearchItemOf[T], lang: Language, t: SearchT) => ReactNode } =
  {
    actors: (a, lang) => <ActorTile actor={a} lang={lang} />,
    models: (a, lang) => <ActorTile actor={a} lang={lang} />,
    videos: (v, lang) => <VideoTile video={v} lang={lang} />,
    asmr: (v, lang) => <VideoTile video={v} lang={lang} />,
    photos: (a, lang, t) => <AlbumCard album={a} lang={lang} t={t} />,
    galleries: (a, lang, t) => <AlbumCard album={a} lang={lang} t={t} />,
    tv: (s, lang) => <TvSeriesTile series={s} lang={lang} />,
    mediathek: (e, lang, t) => <EpisodeCard episode={e} lang={lang} t={t} />,
    blog: (p, lang) => <BlogPostTile post={p} lang={lang} />,
  };

function GroupItems<T extends SearchGroupType>({
  group,
  lang,
  t,
}: {
  group: SearchGroup<T>;
  lang: Language;
  t: SearchT;
}) {
  const tile = TILE_OF[group.type] as (item: SearchItemOf[T], lang: Language, t: SearchT) => ReactNode;
  return <TileGrid items={group.items} keyOf={(item) => item.id} render={(item) => tile(item, lang, t)} />;
}

function GroupSection({
  group,
  lang,
  pattern,
  t,
}: {
  group: SearchGroup<SearchGroupType>;
  lang: Language;
  pattern: string;
  t: SearchT;
}) {
  const headingId = useId();
  const name = t(`group.${group.type}` as Parameters<SearchT>[0]);
  const from = group.offset + 1;
  const to = group.offset + group.items.length;
  const nextOffset = group.offset + group.pageSize;
  const next =
    (to < group.count || (group.countCapped && group.items.length === group.pageSize)) &&
    nextOffset <= SEARCH_MAX_OFFSET
      ? searchPageLink(lang, pattern, group.type, nextOffset)
      : null;
  const previous =
    group.offset > 0
      ? searchPageLink(lang, pattern, group.type, Math.max(0, group.offset - group.pageSize))
      : null;
  return (
    <section
      id={`group-${group.type}`}
      className="search-page__group"
      aria-labelledby={headingId}
      data-search-group={group.type}
    >
      <h2 id={headingId}>
        {name} <span className="page__meta">{formatGroupCount(t, group)}</span>
      </h2>
      {group.items.length > 0 ? (
        <GroupItems group={group} lang={lang} t={t} />
      ) : (
        <p className="empty-state">{t('page.groupEmpty')}</p>
      )}
      {next || previous ? (
        <nav className="search-page__paging" aria-label={name}>
          {previous ? (
            <Link to={previous} preventScrollReset>
              {t('page.previous', { group: name })}
            </Link>
          ) : null}
          <span className="page__meta">
            {t('page.range', { from, to, count: formatGroupCount(t, group) })}
          </span>
          {next ? (
            <Link className="button" to={next} preventScrollReset>
              {t('page.next', { group: name })}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function SearchAgain({ lang, pattern, t }: { lang: Language; pattern: string; t: SearchT }) {
  const [value, setValue] = useState(pattern);
  const navigate = useNavigate();
  const inputId = useId();
  useEffect(() => setValue(pattern), [pattern]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = normalizeSearchPattern(value);
    if (!next) return;
    const href = searchPageLink(lang, next);
    if (href) navigate(href);
  };
  return (
    <search>
      <form className="search-page__form" onSubmit={onSubmit}>
        <label htmlFor={inputId}>{t('page.form')}</label>
        <input
          id={inputId}
          type="search"
          value={value}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        <button type="submit" className="button">
          {t('page.submit')}
        </button>
      </form>
    </search>
  );
}

/** The global search page. */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { lang, pattern, result, group } = loaderData;
  const t = useSearchT(lang);
  const { remember } = useRecentSearches();
  // A search that reached its page is a recent search (kept only with functional consent).
  useEffect(() => {
    if (result) remember(pattern);
  }, [result, pattern, remember]);

  const proposalsId = useId();
  // Suggestions other than the pattern itself.
  const proposals = (result?.proposals ?? []).filter((p) => p.toLowerCase() !== pattern.toLowerCase());
  const groups = result
    ? SEARCH_GROUP_TYPES.map((type) => result[type] as SearchGroup<SearchGroupType>).filter(
        (g) => g.count > 0,
      )
    : [];
  return (
    <div className="page search-page" data-search-page="">
      <header className="page__header">
        <h1>{t('page.h1', { pattern })}</h1>
      </header>
      <SearchAgain lang={lang} pattern={pattern} t={t} />
      {!result ? (
        <p className="empty-state" role="status" data-search-too-short="">
          {t('page.tooShort', { min: SEARCH_MIN_LENGTH, pattern })}
        </p>
      ) : groups.length === 0 ? (
        <p className="empty-state" role="status" data-search-empty="">
          {t('page.empty', { pattern })}
        </p>
      ) : (
        <>
          {proposals.length > 0 ? (
            <nav className="search-page__suggest" aria-labelledby={proposalsId}>
              <h2 className="search-page__suggest-title" id={proposalsId}>
                {t('proposals')}
              </h2>
              <ul className="search-page__proposals">
                {proposals.map((p) => {
                  const href = searchPageLink(lang, p);
                  return href ? (
                    <li key={p}>
                      <Link to={href}>{p}</Link>
                    </li>
                  ) : null;
                })}
              </ul>
            </nav>
          ) : null}
          <nav aria-label={t('page.groups')}>
            <ul className="search-page__tabs">
              {groups.map((g) => (
                <li key={g.type}>
                  <a href={`#group-${g.type}`} aria-current={g.type === group ? 'true' : undefined}>
                    {t(`group.${g.type}` as Parameters<SearchT>[0])}
                    <span className="page__meta">{formatGroupCount(t, g)}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map((g) => (
            <GroupSection key={g.type} group={g} lang={lang} pattern={pattern} t={t} />
          ))}
        </>
      )}
    </div>
  );
}
