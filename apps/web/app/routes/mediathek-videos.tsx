import { RouteErrorBoundary } from '../features/catalog/components/RouteErrorBoundary.tsx';
import { MediathekLayout } from '../features/mediathek/components/MediathekLayout.tsx';
import { VideoSectionView } from '../features/mediathek/components/VideoSectionView.tsx';
import { loadMediathekPage } from '../features/mediathek/mediathekPage.ts';
import { VisitorPrompt } from '../features/myvela/components/VisitorPrompt.tsx';
import { errorMeta } from '../features/seo/errorMeta.ts';
import { headMeta } from '../features/seo/head.ts';
import '../features/myvela/myvela.css';
import '../features/mediathek/mediathek.css';
import type { Route } from './+types/mediathek-videos';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadMediathekPage(request, context, 'videos', params.section);
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  return loaderData ? headMeta(loaderData.head) : errorMeta(matches, error);
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

/** Spec 2 /my{product}/mediathek/ and /mediathek/videos/:section/: the guest's videos by section. */
export default function MediathekVideosRoute({ loaderData }: Route.ComponentProps) {
  const { lang, brand, area, viewer, path, loginEnabled } = loaderData;
  return (
    <MediathekLayout lang={lang} brand={brand} area={area}>
      {!viewer ? (
        <VisitorPrompt lang={lang} brand={brand} loginEnabled={loginEnabled} targetUrl={path} />
      ) : area.kind === 'videos' ? (
        <VideoSectionView key={`${viewer.id}-${area.section}`} lang={lang} section={area.section} />
      ) : null}
    </MediathekLayout>
  );
}
