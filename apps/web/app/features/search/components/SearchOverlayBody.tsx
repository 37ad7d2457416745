/**
 * The content of the search overlay (SearchOverlay.tsx), loaded when the overlay first opens (issue 15:
 * first load on a phone). Searches as you type
 * from 3 characters (debounced, newest pattern wins), shows the results grouped, arrow keys move
 * through them, Enter opens one (Enter in the field opens the search page). Recent searches are
 * kept with functional cookie consent only.
 */
import type { Language } from '@vela/contracts/common';
import {
  SEARCH_GROUP_TYPES,
  type SearchGroup,
  type SearchGroupType,
  type SearchItemOf,
  type SearchResult,
} from '@vela/contracts/search';
import { isSearchable, normalizeSearchPattern, SEARCH_MIN_LENGTH } from '@vela/domain/recent-searches';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRecentSearches } from '../../layout/hooks/useRecentSearches.ts';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { itemLink, searchPageLink } from '../links.ts';
import { useGlobalSearch } from '../useGlobalSearch.ts';
import { formatGroupCount, type SearchT, useSearchT } from '../useSearchT.ts';
import { SearchThumb } from './SearchThumb.tsx';

/** Items per group in the overlay; the search page shows the spec 2 page sizes. */
const OVERLAY_ITEMS = 4;

/** Moves focus through the overlay's links with the arrow keys (the field is the top). */
function moveFocus(event: KeyboardEvent<HTMLElement>, root: HTMLElement | null, input: HTMLElement | null) {
  if (!root || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
  const options = [...root.querySelectorAll<HTMLElement>('[data-search-option]')];
  if (options.length === 0) return;
  event.preventDefault();
  const at = options.indexOf(document.activeElement as HTMLElement);
  if (event.key === 'ArrowDown') {
    options[at < 0 ? 0 : Math.min(at + 1, options.length - 1)]?.focus();
  } else if (at <= 0) {
    input?.focus();
  } else {
    options[at - 1]?.focus();
  }
}

function itemText<T extends SearchGroupType>(
  type: T,
  item: SearchItemOf[T],
  t: SearchT,
): { title: string; meta: string; image: SearchItemOf['actors']['avatar'] } {
  switch (type) {
    case 'actors':
    case 'models': {
      const actor = item as SearchItemOf['models'];
      return {
        title: actor.name,
        meta: type === 'models' ? t('item.videos', { count: actor.videoCount ?? 0 }) : String(actor.age),
        image: actor.avatar,
      };
    }
    case 'videos':
    case 'asmr': {
      const video = item as SearchItemOf['videos'];
      return { title: video.title, meta: t('item.by', { name: video.actor.name }), image: video.preview };
    }
    case 'photos':
    case 'galleries': {
      const album = item as SearchItemOf['photos'];
      return { title: album.title, meta: t('item.by', { name: album.actor.name }), image: album.cover };
    }
    case 'tv': {
      const series = item as SearchItemOf['tv'];
      return {
        title: series.title,
        meta: t('item.episodes', { count: series.episodeCount }),
        image: series.image,
      };
    }
    case 'mediathek': {
      const episode = item as SearchItemOf['mediathek'];
      return { title: episode.title, meta: episode.series.title, image: episode.image };
    }
    default: {
      const post = item as SearchItemOf['blog'];
      return { title: post.title, meta: '', image: post.image };
    }
  }
}

function OverlayGroup<T extends SearchGroupType>({
  group,
  lang,
  pattern,
  t,
  onOpen,
}: {
  group: SearchGroup<T>;
  lang: Language;
  pattern: string;
  t: SearchT;
  onOpen(): void;
}) {
  const headingId = useId();
  const name = t(`group.${group.type}` as Parameters<SearchT>[0]);
  const more = group.count > OVERLAY_ITEMS ? searchPageLink(lang, pattern, group.type) : null;
  return (
    <section className="search-group" aria-labelledby={headingId} data-search-group={group.type}>
      <h2 className="menu-heading search-group__heading" id={headingId}>
        {name} <span className="search-group__count">{formatGroupCount(t, group)}</span>
      </h2>
      <ul className="search-results">
        {group.items.slice(0, OVERLAY_ITEMS).map((item) => {
          const { title, meta, image } = itemText(group.type, item, t);
          const href = itemLink(group.type, item, lang);
          const online =
            (group.type === 'actors' || group.type === 'models') && (item as SearchItemOf['actors']).isOnline;
          const content = (
            <>
              <SearchThumb image={image} />
              <span className="search-result__name">{title}</span>
              <span className="search-result__meta">
                {meta}
                {online ? (
                  <span className="online-dot" title={t('online')}>
                    <span className="visually-hidden">{t('online')}</span>
                  </span>
                ) : null}
              </span>
            </>
          );
          return (
            <li key={(item as { id: number }).id}>
              {href ? (
                <Link className="search-result" to={href} data-search-option="" onClick={onOpen}>
                  {content}
                </Link>
              ) : (
                <span className="search-result">{content}</span>
              )}
            </li>
          );
        })}
      </ul>
      {more ? (
        <Link className="search-group__more" to={more} data-search-option="" onClick={onOpen}>
          {t('overlay.more', { group: name })}
        </Link>
      ) : null}
    </section>
  );
}

function totalOf(result: SearchResult): { count: number; capped: boolean } {
  let count = 0;
  let capped = false;
  for (const type of SEARCH_GROUP_TYPES) {
    count += result[type].count;
    capped ||= result[type].countCapped;
  }
  return { count, capped };
}

/** The open search overlay: field, status, grouped results, recent searches. */
export function SearchOverlayBody() {
  const { lang } = useShell();
  const t = useSearchT(lang);
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const status = useGlobalSearch(lang, input);
  const { recent, remember } = useRecentSearches();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const statusId = useId();
  const helpId = useId();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const pattern = normalizeSearchPattern(input);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSearchable(pattern)) return;
    const href = searchPageLink(lang, pattern);
    remember(pattern);
    if (href) navigate(href);
  };

  let message = t('hint', { min: SEARCH_MIN_LENGTH });
  if (status.kind === 'loading') message = t('loading');
  else if (status.kind === 'error') message = t('error');
  else if (status.kind === 'done') {
    const total = totalOf(status.result);
    message =
      total.count === 0
        ? t('empty', { pattern: status.pattern })
        : total.capped
          ? t('resultsCapped', { count: total.count })
          : t('results', { count: total.count });
  }

  const done = status.kind === 'done' ? status : null;
  const allResults = done ? searchPageLink(lang, done.pattern) : null;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move focus between the links inside.
    <div
      className="search-overlay"
      ref={rootRef}
      onKeyDown={(e) => moveFocus(e, rootRef.current, inputRef.current)}
    >
      <search className="search-form">
        <form onSubmit={onSubmit}>
          <label htmlFor={inputId} className="search-form__label">
            {t('overlay.inputLabel')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            className="search-form__input"
            value={input}
            placeholder={t('overlay.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            aria-describedby={`${statusId} ${helpId}`}
            onChange={(e) => setInput(e.currentTarget.value)}
          />
        </form>
      </search>
      <p id={helpId} className="visually-hidden">
        {t('overlay.keyboardHelp')}
      </p>
      <p
        id={statusId}
        className="search-status"
        role="status"
        aria-live="polite"
        data-search-status={status.kind}
      >
        {message}
      </p>
      {done ? (
        <div className="search-overlay__groups" data-search-results="">
          {SEARCH_GROUP_TYPES.filter((type) => done.result[type].items.length > 0).map((type) => (
            <OverlayGroup
              key={type}
              group={done.result[type] as SearchGroup<SearchGroupType>}
              lang={lang}
              pattern={done.pattern}
              t={t}
              onOpen={() => remember(done.pattern)}
            />
          ))}
          {allResults && totalOf(done.result).count > 0 ? (
            <Link
              className="button button--primary search-overlay__all"
              to={allResults}
              data-search-option=""
              onClick={() => remember(done.pattern)}
            >
              {t('overlay.showAll', { pattern: done.pattern })}
            </Link>
          ) : null}
        </div>
      ) : null}
      {status.kind === 'idle' && recent.length > 0 ? (
        <section aria-labelledby={`${inputId}-recent`} data-recent-searches="">
          <h2 className="menu-heading" id={`${inputId}-recent`}>
            {t('recent')}
          </h2>
          <ul className="menu-list">
            {recent.map((p) => {
              const href = searchPageLink(lang, p);
              return (
                <li key={p}>
                  {href ? (
                    <Link to={href} data-search-option="">
                      {p}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      className="link-button"
                      data-search-option=""
                      onClick={() => setInput(p)}
                    >
                      {p}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
