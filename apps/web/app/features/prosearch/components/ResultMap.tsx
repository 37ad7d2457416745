import type { Language } from '@vela/contracts/common';
import type { ActorSearchResult } from '@vela/contracts/prosearch';
import { pathFor } from '@vela/i18n/routes';
import { useEffect, useRef, useState } from 'react';
import type { MapController, MapMarker } from '../map/leafletMap.ts';
import { useProSearchT } from '../useProSearchT.ts';

interface ResultMapProps {
  lang: Language;
  result: ActorSearchResult;
  tileUrl: string | null;
  attribution: string;
}

/**
 * The results on a map, drawn in the browser only (Leaflet is imported lazily; the server renders
 * the list and this placeholder). With MAP_TILE_URL the tiles are that server's; without one the map
 * draws country outlines shipped with the app (world-atlas). Markers are numbered links, like the list.
 */
export function ResultMap({ lang, result, tileUrl, attribution }: ResultMapProps) {
  const t = useProSearchT(lang);
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<MapController | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  const markers: MapMarker[] = result.items.flatMap((hit, index) =>
    hit.location
      ? [
          {
            lat: hit.location.lat,
            lon: hit.location.lon,
            number: result.offset + index + 1,
            href: pathFor('Actor', lang, { actorName: hit.actor.slug }),
            label:
              hit.distanceKm === null
                ? hit.actor.name
                : `${hit.actor.name}, ${t('distance', { km: hit.distanceKm })}`,
          },
        ]
      : [],
  );
  const origin = result.origin
    ? { lat: result.origin.lat, lon: result.origin.long, label: t('map.origin', { zip: result.origin.zip }) }
    : null;
  const key = JSON.stringify([markers, origin]);

  // Create the map once.
  useEffect(() => {
    let cancelled = false;
    const element = container.current;
    if (!element) return;
    import('../map/leafletMap.ts')
      .then(({ createMap }) =>
        createMap(element, {
          tileUrl,
          tileAttribution: attribution,
          outlineAttribution: t('map.attribution'),
        }),
      )
      .then((created) => {
        if (cancelled) {
          created.destroy();
          return;
        }
        controller.current = created;
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      controller.current?.destroy();
      controller.current = null;
    };
  }, [tileUrl, attribution, t]);

  // Show this page's markers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key holds markers and origin.
  useEffect(() => {
    if (state === 'ready') controller.current?.show(markers, origin);
  }, [state, key]);

  return (
    <section className="prosearch__map" aria-label={t('map.label')}>
      <div ref={container} className="prosearch__map-canvas" data-testid="prosearch-map" data-state={state} />
      {state === 'loading' ? <p className="prosearch__map-note">{t('map.loading')}</p> : null}
      {state === 'failed' ? <p className="prosearch__map-note">{t('map.failed')}</p> : null}
    </section>
  );
}
