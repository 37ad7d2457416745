import type { Language } from '@vela/contracts/common';
import { ACTOR_GENDERS, ACTOR_TYPES, PERFORMER_ORDERS } from '@vela/contracts/performer-options';
import type { PerformerFilter, PerformerOrder } from '@vela/contracts/performers';
import { Form, Link, useSubmit } from 'react-router';
import { languageName } from '../../catalog/format.ts';
import { LANGUAGES } from '../../i18n/language.ts';
import { usePerformersT } from '../usePerformersT.ts';
import '../performers.css';

interface CamFilterProps {
  lang: Language;
  filter: PerformerFilter;
  order: PerformerOrder;
  /** Path of the unfiltered list (reset link). */
  resetHref: string;
}

/**
 * The cam filter of spec 2 as a GET form: gender, performer group, spoken language, online only
 * and order. Changing a control submits at once (a new URL, page 1); the button submits
 * without JavaScript too.
 */
export function CamFilter({ lang, filter, order, resetHref }: CamFilterProps) {
  const t = usePerformersT(lang);
  const submit = useSubmit();
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    submit(event.currentTarget, { preventScrollReset: true });
  };
  const filtered = Object.keys(filter).length > 0 || order !== 'ranking';
  return (
    <Form method="get" className="cam-filter" aria-label={t('filter.title')} onChange={onChange}>
      <label className="cam-filter__field">
        <span>{t('filter.gender')}</span>
        <select name="gender" defaultValue={filter.gender ?? ''} key={`g${filter.gender ?? ''}`}>
          <option value="">{t('filter.gender.any')}</option>
          {ACTOR_GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(`filter.gender.${g}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="cam-filter__field">
        <span>{t('filter.type')}</span>
        <select name="type" defaultValue={filter.actorType ?? ''} key={`t${filter.actorType ?? ''}`}>
          <option value="">{t('filter.type.any')}</option>
          {ACTOR_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`filter.type.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="cam-filter__field">
        <span>{t('filter.language')}</span>
        <select name="lang" defaultValue={filter.language ?? ''} key={`l${filter.language ?? ''}`}>
          <option value="">{t('filter.language.any')}</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {languageName(l, lang)}
            </option>
          ))}
        </select>
      </label>
      <label className="cam-filter__field">
        <span>{t('filter.order')}</span>
        <select name="order" defaultValue={order} key={`o${order}`}>
          {PERFORMER_ORDERS.map((o) => (
            <option key={o} value={o}>
              {t(`filter.order.${o}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="cam-filter__check">
        <input
          type="checkbox"
          name="online"
          value="1"
          defaultChecked={filter.onlineOnly === true}
          key={`c${filter.onlineOnly ? 1 : 0}`}
        />
        <span>{t('filter.onlineOnly')}</span>
      </label>
      <div className="cam-filter__actions">
        <button type="submit" className="shell-button">
          {t('filter.apply')}
        </button>
        {filtered ? (
          <Link to={resetHref} className="cam-filter__reset">
            {t('filter.reset')}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
