/**
 * Cookie banner (spec 9 categories): necessary (always on), functional, analytics. Accept all,
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useShell } from '../../layout/state/ShellContext.tsx';
import { useConsent } from '../state/ConsentProvider.tsx';

export function CookieBanner() {
  const { t, brandName } = useShell();
  const { consent, bannerOpen, save } = useConsent();
  const [functional, setFunctional] = useState(consent?.functional ?? false);
  const [analytics, setAnalytics] = useState(consent?.analytics ?? false);
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!bannerOpen) return;
    setFunctional(consent?.functional ?? false);
    setAnalytics(consent?.analytics ?? false);
    // Reopened from "cookie settings": move focus into the banner. On first visit focus stays put.
    if (consent !== null) {
      ref.current?.focus();
    }
  }, [bannerOpen, consent]);

  if (!bannerOpen) return null;
  return (
    <section
      ref={ref}
      className="cookie-banner"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-cookie-banner=""
    >
      <h2 id={titleId} className="cookie-banner__title">
        {t('consentTitle', { brand: brandName })}
      </h2>
      <p className="cookie-banner__intro">{t('consentIntro')}</p>
      <fieldset className="cookie-banner__categories">
        <legend className="visually-hidden">{t('cookieSettings')}</legend>
        <label className="cookie-banner__category">
          <input type="checkbox" checked disabled name="necessary" />
          <span>
            <strong>{t('consentNecessary')}</strong> <span className="muted">({t('consentAlwaysOn')})</span>
            <span className="cookie-banner__text">{t('consentNecessaryText')}</span>
          </span>
        </label>
        <label className="cookie-banner__category">
          <input
            type="checkbox"
            name="functional"
            checked={functional}
            onChange={(e) => setFunctional(e.currentTarget.checked)}
          />
          <span>
            <strong>{t('consentFunctional')}</strong>
            <span className="cookie-banner__text">{t('consentFunctionalText')}</span>
          </span>
        </label>
        <label className="cookie-banner__category">
          <input
            type="checkbox"
            name="analytics"
            checked={analytics}
            onChange={(e) => setAnalytics(e.currentTarget.checked)}
          />
          <span>
            <strong>{t('consentAnalytics')}</strong>
            <span className="cookie-banner__text">{t('consentAnalyticsText')}</span>
          </span>
        </label>
      </fieldset>
      <div className="cookie-banner__actions">
        <button
          type="button"
          className="shell-button"
          onClick={() => save({ functional: false, analytics: false })}
        >
          {t('consentNecessaryOnly')}
        </button>
        <button type="button" className="shell-button" onClick={() => save({ functional, analytics })}>
          {t('consentSaveSelection')}
        </button>
        <button
          type="button"
          className="shell-button shell-button--primary"
          onClick={() => save({ functional: true, analytics: true })}
        >
          {t('consentAcceptAll')}
        </button>
      </div>
    </section>
  );
}
