import type { Language } from '@vela/contracts/common';
import {
  type ActorSearchFilter,
  type ActorSearchInit,
  type ActorSearchResult,
  DEFAULT_ACTOR_SEARCH_FILTER,
} from '@vela/contracts/prosearch';
import { type FormEvent, useId, useRef, useState } from 'react';
import { deleteSavedFilter, runSearch } from '../api/proSearchApi.ts';
import { type FormValues, filterOfForm, formOfFilter } from '../formValues.ts';
import { useProSearchT } from '../useProSearchT.ts';
import { ResultList } from './ResultList.tsx';
import { ResultMap } from './ResultMap.tsx';

interface ProSearchPageProps {
  lang: Language;
  init: ActorSearchInit;
  result: ActorSearchResult | null;
  loggedIn: boolean;
  map: { tileUrl: string | null; attribution: string };
}

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string };

/** The pro actor search: filter form, result list and map, paging, saved filter and its reset. */
export function ProSearchPage({ lang, init, result: first, loggedIn, map }: ProSearchPageProps) {
  const t = useProSearchT(lang);
  const [form, setForm] = useState<FormValues>(() => formOfFilter(init.filter));
  const [result, setResult] = useState<ActorSearchResult | null>(first);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(loggedIn && init.saved ? t('restoredHint') : null);
  const latest = useRef(0);
  const id = useId();
  const { options } = init;

  const errorText = (code: string) => {
    const key = `error.${code}` as Parameters<typeof t>[0];
    try {
      return t(key);
    } catch {
      return t('error.generic');
    }
  };

  async function search(filter: ActorSearchFilter, offset: number) {
    const request = ++latest.current;
    setStatus({ kind: 'loading' });
    try {
      const next = await runSearch(lang, filter, offset, options.pageSize);
      // Only the latest search counts (an older answer arriving late is ignored).
      if (request !== latest.current) return;
      setResult(next);
      setStatus({ kind: 'idle' });
      if (loggedIn) setNotice(t('savedHint'));
    } catch (error) {
      if (request !== latest.current) return;
      setStatus({ kind: 'error', message: errorText((error as { code?: string }).code ?? 'generic') });
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = filterOfForm(form);
    if (!parsed.ok) {
      setStatus({ kind: 'error', message: errorText(parsed.code) });
      return;
    }
    void search(parsed.filter, 0);
  }

  async function onReset() {
    setForm(formOfFilter(DEFAULT_ACTOR_SEARCH_FILTER));
    if (loggedIn) {
      try {
        await deleteSavedFilter();
        setNotice(t('resetDone'));
      } catch (error) {
        setStatus({ kind: 'error', message: errorText((error as { code?: string }).code ?? 'generic') });
        return;
      }
    }
    await search(DEFAULT_ACTOR_SEARCH_FILTER, 0);
    if (loggedIn) setNotice(t('resetDone'));
  }

  const set =
    (name: keyof FormValues) => (event: { target: { value: string; checked?: boolean; type?: string } }) => {
      const value = event.target.type === 'checkbox' ? Boolean(event.target.checked) : event.target.value;
      setForm((current) => ({ ...current, [name]: value }));
    };

  const page = (offset: number) => {
    if (result) void search(result.filter, offset);
  };

  const field = (name: string) => `${id}-${name}`;

  return (
    <div className="page prosearch">
      <header className="page__header">
        <h1>{t('h1')}</h1>
        <p className="page__meta">{t('intro')}</p>
      </header>

      <form className="prosearch__form" aria-label={t('form.label')} onSubmit={onSubmit} noValidate>
        <div className="prosearch__field">
          <label htmlFor={field('zip')}>{t('zip')}</label>
          <input
            id={field('zip')}
            name="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={form.zip}
            onChange={set('zip')}
            aria-describedby={field('zipHint')}
          />
          <small id={field('zipHint')}>{t('zipHint')}</small>
        </div>
        <div className="prosearch__field">
          <label htmlFor={field('radius')}>{t('radius')}</label>
          <select id={field('radius')} name="radiusKm" value={form.radiusKm} onChange={set('radiusKm')}>
            <option value="">{t('radiusAny')}</option>
            {options.radiiKm.map((km) => (
              <option key={km} value={String(km)}>
                {t('radiusKm', { km })}
              </option>
            ))}
          </select>
        </div>
        <div className="prosearch__field">
          <label htmlFor={field('sort')}>{t('sort')}</label>
          <select id={field('sort')} name="sort" value={form.sort} onChange={set('sort')}>
            {options.sorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sort.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="prosearch__field">
          <label htmlFor={field('searchCategory')}>{t('searchCategory')}</label>
          <select
            id={field('searchCategory')}
            name="searchCategory"
            value={form.searchCategory}
            onChange={set('searchCategory')}
          >
            {options.searchCategories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {t(`searchCategory.${category.key}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="prosearch__field">
          <label htmlFor={field('category')}>{t('category')}</label>
          <select
            id={field('category')}
            name="categoryId"
            value={form.categoryId}
            onChange={set('categoryId')}
          >
            <option value="">{t('any')}</option>
            {options.categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div className="prosearch__field">
          <label htmlFor={field('gender')}>{t('gender')}</label>
          <select id={field('gender')} name="gender" value={form.gender} onChange={set('gender')}>
            <option value="">{t('any')}</option>
            {options.genders.map((gender) => (
              <option key={gender} value={gender}>
                {t(`gender.${gender}` as Parameters<typeof t>[0])}
              </option>
            ))}
          </select>
        </div>
        <div className="prosearch__field">
          <label htmlFor={field('actorType')}>{t('actorType')}</label>
          <select id={field('actorType')} name="actorType" value={form.actorType} onChange={set('actorType')}>
            <option value="">{t('any')}</option>
            {options.actorTypes.map((type) => (
              <option key={type} value={type}>
                {t(`actorType.${type}` as Parameters<typeof t>[0])}
              </option>
            ))}
          </select>
        </div>
        <div className="prosearch__field">
          <label htmlFor={field('language')}>{t('language')}</label>
          <select id={field('language')} name="language" value={form.language} onChange={set('language')}>
            <option value="">{t('any')}</option>
            {options.languages.map((language) => (
              <option key={language} value={language}>
                {t(`language.${language}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="prosearch__field prosearch__field--small">
          <label htmlFor={field('ageFrom')}>{t('ageFrom')}</label>
          <input
            id={field('ageFrom')}
            name="ageFrom"
            type="number"
            min={options.age.min}
            max={options.age.max}
            value={form.ageFrom}
            onChange={set('ageFrom')}
          />
        </div>
        <div className="prosearch__field prosearch__field--small">
          <label htmlFor={field('ageTo')}>{t('ageTo')}</label>
          <input
            id={field('ageTo')}
            name="ageTo"
            type="number"
            min={options.age.min}
            max={options.age.max}
            value={form.ageTo}
            onChange={set('ageTo')}
          />
        </div>
        <div className="prosearch__field prosearch__field--check">
          <input
            id={field('online')}
            name="onlineOnly"
            type="checkbox"
            checked={form.onlineOnly}
            onChange={set('onlineOnly')}
          />
          <label htmlFor={field('online')}>{t('onlineOnly')}</label>
        </div>
        <div className="prosearch__actions">
          <button
            type="submit"
            className="shell-button shell-button--primary"
            disabled={status.kind === 'loading'}
          >
            {t('submit')}
          </button>
          <button type="button" className="shell-button" onClick={() => void onReset()}>
            {t('reset')}
          </button>
        </div>
      </form>

      <div className="prosearch__status" aria-live="polite">
        {status.kind === 'loading' ? <p className="prosearch__loading">{t('loading')}</p> : null}
        {status.kind === 'error' ? (
          <p className="prosearch__error" role="alert">
            {status.message}
          </p>
        ) : null}
        {notice && status.kind !== 'error' ? <p className="prosearch__notice">{notice}</p> : null}
      </div>

      {result ? (
        <section
          className="prosearch__results"
          aria-labelledby={field('results')}
          aria-busy={status.kind === 'loading'}
        >
          <h2 id={field('results')}>{t('results.title')}</h2>
          <p className="prosearch__total" data-testid="prosearch-total">
            {t('results.total', { count: result.total })}
            {result.origin ? ` · ${t('origin', { zip: result.origin.zip, city: result.origin.city })}` : null}
          </p>
          {result.items.length === 0 ? (
            <p className="empty-state">{t('results.empty')}</p>
          ) : (
            <div className="prosearch__split">
              <ResultList lang={lang} result={result} />
              <ResultMap lang={lang} result={result} tileUrl={map.tileUrl} attribution={map.attribution} />
            </div>
          )}
          {result.total > result.limit ? (
            <nav className="prosearch__paging" aria-label={t('paging.label')}>
              <button
                type="button"
                className="shell-button"
                disabled={result.offset === 0 || status.kind === 'loading'}
                onClick={() => page(Math.max(0, result.offset - result.limit))}
              >
                {t('paging.prev')}
              </button>
              <span>
                {t('paging.status', {
                  from: result.offset + 1,
                  to: result.offset + result.items.length,
                  total: result.total,
                })}
              </span>
              <button
                type="button"
                className="shell-button"
                disabled={result.offset + result.limit >= result.total || status.kind === 'loading'}
                onClick={() => page(result.offset + result.limit)}
              >
                {t('paging.next')}
              </button>
            </nav>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
