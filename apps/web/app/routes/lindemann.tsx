/**
 * Lindemann (spec 2 named route, `lindemann/` in every language): a landing page with the brand,
 * a short text and Log in / Sign up. A login started here stores the login action "redirect to the
 * language-prefixed home path after 500 ms" (spec 2/3), which the dialog host runs once after the
 * login succeeded. A guest who is already logged in gets a link to the home page.
 */
import { accountMessages } from '@vela/i18n/messages/account';
import { translator } from '@vela/i18n/translate';
import { useAccountT } from '../features/auth/useAccountT.ts';
import { useViewer } from '../features/auth/useViewer.tsx';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { lindemannLoginAction } from '../features/payment-dialog/loginAction.ts';
import { OpenDialogButton } from '../features/payment-dialog/OpenDialogButton.tsx';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import { pageHead } from '../features/seo/pageHead.ts';
import type { Route } from './+types/lindemann';

export function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const t = translator(accountMessages, lang);
  const title = t('lindemannTitle', { brand: context.config.brandName });
  const alternates = alternatesFor('Lindemann');
  const head = pageHead(context.config, {
    lang,
    fallbackTitle: title,
    fallbackDescription: t('lindemannText', { brand: context.config.brandName }),
    alternates,
    noindex: true,
  });
  return { lang, alternates, head };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export default function LindemannPage({ loaderData }: Route.ComponentProps) {
  const { lang } = loaderData;
  const t = useAccountT();
  const { viewer, loggedIn, config } = useViewer();
  const onLoginAction = lindemannLoginAction(lang);
  return (
    <section className="lindemann" aria-labelledby="page-title" data-lindemann="">
      <div className="lindemann__card">
        <h1 id="page-title">{t('lindemannTitle', { brand: config.brandName })}</h1>
        {loggedIn && viewer ? (
          <>
            <p>{t('lindemannLoggedIn', { name: viewer.name })}</p>
            <div className="lindemann__actions">
              <a className="shell-button shell-button--primary" href={`/${lang}/`}>
                {t('lindemannGoHome')}
              </a>
            </div>
          </>
        ) : (
          <>
            <p>{t('lindemannText', { brand: config.brandName })}</p>
            <div className="lindemann__actions">
              {(
                [
                  ['login', 'shell-button', t('logIn')],
                  ['signup', 'shell-button shell-button--primary', t('signUp')],
                ] as const
              ).map(([flow, className, label]) => (
                <OpenDialogButton
                  key={flow}
                  flow={flow}
                  options={{ onLoginAction }}
                  className={className}
                  disabled={!config.loginEnabled}
                >
                  {label}
                </OpenDialogButton>
              ))}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
