import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { MediathekLayout } from '../features/mediathek/components/MediathekLayout.tsx';
import { SectionEmpty } from '../features/mediathek/components/SectionState.tsx';
import { useMediathekT } from '../features/mediathek/hooks/useMediathekT.ts';
import { loadMediathekPage } from '../features/mediathek/mediathekPage.ts';
import { VisitorPrompt } from '../features/myvela/components/VisitorPrompt.tsx';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import '../features/myvela/myvela.css';
import '../features/mediathek/mediathek.css';
import type { Route } from './+types/mediathek-audio';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadMediathekPage(request, context, 'audio', undefined);
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/**
 * Spec 2 /my{product}/mediathek/audio/: spec 3's media library knows the media types video and photo
 * only and nothing is sold as audio, so the page says there is none (no API behind it).
 */
export default function MediathekAudioRoute({ loaderData }: Route.ComponentProps) {
  const { lang, brand, area, viewer, path, loginEnabled } = loaderData;
  const t = useMediathekT(lang);
  return (
    <MediathekLayout lang={lang} brand={brand} area={area}>
      {viewer ? (
        <SectionEmpty>
          <p>{t('audio.empty')}</p>
        </SectionEmpty>
      ) : (
        <VisitorPrompt lang={lang} brand={brand} loginEnabled={loginEnabled} targetUrl={path} />
      )}
    </MediathekLayout>
  );
}
