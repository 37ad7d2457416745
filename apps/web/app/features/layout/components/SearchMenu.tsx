/**
 * Search menu: a search field for models (min 3 characters, spec 5), debounced, results linking
 * to profiles; hint, loading, empty and error states; recent searches with functional consent.
 */
import { SEARCH_MIN_LENGTH } from '@vela/domain/recent-searches';
import { pathFor } from '@vela/i18n/routes';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useActorSearch } from '../hooks/useActorSearch.ts';
import { useRecentSearches } from '../hooks/useRecentSearches.ts';
import { useMenu } from '../state/MenuProvider.tsx';
import { useShell } from '../state/ShellContext.tsx';
import { MenuPanel } from './MenuPanel.tsx';

function SearchBody() {
  const { lang, t } = useShell();
  const [input, setInput] = useState('');
  const status = useActorSearch(lang, input);
  const { recent, remember } = useRecentSearches();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    remember(input);
  };

  let message: string | null = null;
  if (status.kind === 'too-short') message = t('searchHint', { min: SEARCH_MIN_LENGTH });
  else if (status.kind === 'loading') message = t('searchLoading');
  else if (status.kind === 'error') message = t('searchError');
  else if (status.kind === 'done' && status.result.actors.items.length === 0) {
    message = t('searchEmpty', { pattern: status.pattern });
  } else if (status.kind === 'done') message = t('searchResults', { count: status.result.actors.count });

  return (
    <>
      <search className="search-form">
        <form onSubmit={onSubmit}>
          <label htmlFor={inputId} className="search-form__label">
            {t('searchLabel')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            className="search-form__input"
            value={input}
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={statusId}
            onChange={(e) => setInput(e.currentTarget.value)}
          />
        </form>
      </search>
      <p
        id={statusId}
        className="search-status"
        role="status"
        aria-live="polite"
        data-search-status={status.kind}
      >
        {message ?? (status.kind === 'idle' ? t('searchHint', { min: SEARCH_MIN_LENGTH }) : '')}
      </p>
      {status.kind === 'done' && status.result.actors.items.length > 0 ? (
        <ul className="search-results" data-search-results="">
          {status.result.actors.items.map((actor) => (
            <li key={actor.id}>
              <Link
                className="search-result"
                to={pathFor('Actor', lang, { actorName: actor.slug })}
                onClick={() => remember(status.pattern)}
              >
                <img
                  className="search-result__avatar"
                  src={`/media/w320/${actor.avatar.key}.webp`}
                  alt=""
                  width="40"
                  height="40"
                  loading="lazy"
                />
                <span className="search-result__name">{actor.name}</span>
                <span className="search-result__meta">
                  {actor.age}
                  {actor.isOnline ? (
                    <span className="online-dot" title={t('searchOnline')}>
                      <span className="visually-hidden">{t('searchOnline')}</span>
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {status.kind === 'idle' && recent.length > 0 ? (
        <>
          <h2 className="menu-heading">{t('recentSearches')}</h2>
          <ul className="menu-list">
            {recent.map((pattern) => (
              <li key={pattern}>
                <button type="button" className="link-button" onClick={() => setInput(pattern)}>
                  {pattern}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

export function SearchMenu() {
  const { t } = useShell();
  const { isOpen } = useMenu('search');
  return (
    <MenuPanel menu="search" label={t('menuSearch')}>
      {isOpen ? <SearchBody /> : null}
    </MenuPanel>
  );
}
