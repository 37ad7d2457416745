import { messengerMessages } from '@vela/i18n/messages/messenger';
import { translator } from '@vela/i18n/translate';
import { useSearchParams } from 'react-router';
import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { alternatesFor } from '../features/i18n/alternates.ts';
import { requireLanguage } from '../features/i18n/requireLanguage.ts';
import { MessengerPage } from '../features/messenger/components/MessengerPage.tsx';
import { useMessengerT } from '../features/messenger/hooks/useMessengerT.ts';
import { guestAreaPage } from '../features/myvela/myvelaPage.ts';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import '../features/messenger/messenger.css';
import type { Route } from './+types/messenger';

export function loader({ request, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request);
  const t = translator(messengerMessages, lang);
  return guestAreaPage(context, lang, alternatesFor('Messenger'), {
    title: `${t('title')} | ${context.config.brandName}`,
    description: t('description'),
  });
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** A positive integer from the address (`?channel=`, `?actor=`), else null. */
function idParam(value: string | null, max: number): string | null {
  return value && /^[1-9][0-9]{0,17}$/.test(value) && Number(value) <= max ? value : null;
}

/** The messenger (spec 2 `/messenger/`, issue 19): logged-in guests; visitors get the login. */
export default function MessengerRoute({ loaderData }: Route.ComponentProps) {
  const { lang, brand, viewer, path, loginEnabled } = loaderData;
  const t = useMessengerT(lang);
  const [search] = useSearchParams();
  const actor = idParam(search.get('actor'), 2 ** 31 - 1);
  const start = {
    channelId: idParam(search.get('channel'), Number.MAX_SAFE_INTEGER),
    actorId: actor ? Number(actor) : null,
  };
  return (
    <div className="page messenger-page">
      <header className="page__header">
        <h1>{t('title')}</h1>
      </header>
      <MessengerPage
        key={viewer?.id ?? 'visitor'}
        lang={lang}
        brand={brand}
        loggedIn={viewer !== null}
        loginEnabled={loginEnabled}
        start={start}
        path={path}
      />
    </div>
  );
}
