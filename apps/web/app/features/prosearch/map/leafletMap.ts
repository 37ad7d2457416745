/**
 * The pro search map (browser only, imported lazily): Leaflet with the configured tile server
 * (PublicConfig.mapTileUrl, `{z}/{x}/{y}`), or, without one, the country outlines of world-atlas
 * (Natural Earth 1:50m, TopoJSON) served from the app's own assets, so nothing is fetched from the
 * internet. Markers are numbered links to the profiles (keyboard-focusable, like the list).
 * See docs/decisions/0019-postal-codes-and-map.md.
 */
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';

export interface MapMarker {
  lat: number;
  lon: number;
  number: number;
  href: string;
  label: string;
}

export interface MapController {
  show(markers: MapMarker[], origin: { lat: number; lon: number; label: string } | null): void;
  destroy(): void;
}

const MARKER_SIZE = 28;
/** The least distance between two marker centres on screen (px). */
const GAP = 32;

/** Germany, where the postal codes are. */
const DEFAULT_BOUNDS = L.latLngBounds([47.2, 5.8], [55.1, 15.1]);

let outlines: Promise<GeoJSON.FeatureCollection> | null = null;

function loadOutlines(): Promise<GeoJSON.FeatureCollection> {
  outlines ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`outlines: ${response.status}`);
      return response.json() as Promise<Topology<{ countries: GeometryCollection }>>;
    })
    .then((topology) => feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection);
  outlines.catch(() => {
    outlines = null;
  });
  return outlines;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export async function createMap(
  element: HTMLElement,
  options: { tileUrl: string | null; tileAttribution: string; outlineAttribution: string },
): Promise<MapController> {
  const map = L.map(element, {
    zoomSnap: 0.25,
    minZoom: 2,
    maxZoom: options.tileUrl ? 18 : 10,
    worldCopyJump: false,
    attributionControl: true,
  });
  map.attributionControl.setPrefix(false);
  map.fitBounds(DEFAULT_BOUNDS);
  if (options.tileUrl) {
    L.tileLayer(options.tileUrl, { attribution: escapeHtml(options.tileAttribution), maxZoom: 18 }).addTo(
      map,
    );
  } else {
    element.classList.add('prosearch__map-canvas--outlines');
    const countries = await loadOutlines();
    L.geoJSON(countries, {
      interactive: false,
      style: { color: '#8a8fa3', weight: 1, fillColor: '#eef0f5', fillOpacity: 1 },
      attribution: escapeHtml(options.outlineAttribution),
    }).addTo(map);
  }
  // Outlines only: stay far enough out to see borders around the results.
  const maxZoom = options.tileUrl ? 12 : 8;
  const layer = L.layerGroup().addTo(map);
  let placed: { marker: MapMarker; leaflet: L.Marker }[] = [];

  const iconOf = (marker: MapMarker, dx: number, dy: number) =>
    L.divIcon({
      className: 'prosearch__marker',
      html: `<a href="${escapeHtml(marker.href)}" aria-label="${escapeHtml(`${marker.number}. ${marker.label}`)}" title="${escapeHtml(marker.label)}" data-testid="prosearch-marker">${marker.number}</a>`,
      iconSize: [MARKER_SIZE, MARKER_SIZE],
      iconAnchor: [MARKER_SIZE / 2 - dx, MARKER_SIZE / 2 - dy],
    });

  /** Markers closer than their size on screen are moved apart (nearest stays), so every number stays readable. */
  function declutter() {
    const taken: L.Point[] = [];
    for (const { marker, leaflet } of placed) {
      const at = map.latLngToContainerPoint([marker.lat, marker.lon]);
      let offset = L.point(0, 0);
      search: for (let ring = 0; ring < 6; ring++) {
        const steps = ring === 0 ? 1 : ring * 8;
        for (let step = 0; step < steps; step++) {
          const angle = (2 * Math.PI * step) / steps;
          const candidate = L.point(Math.cos(angle) * ring * GAP, Math.sin(angle) * ring * GAP);
          const point = at.add(candidate);
          if (taken.every((other) => other.distanceTo(point) >= GAP)) {
            offset = candidate;
            break search;
          }
        }
      }
      taken.push(at.add(offset));
      leaflet.setIcon(iconOf(marker, Math.round(offset.x), Math.round(offset.y)));
    }
  }
  map.on('zoomend', declutter);

  return {
    show(markers, origin) {
      layer.clearLayers();
      placed = [];
      const points: L.LatLngExpression[] = [];
      if (origin) {
        points.push([origin.lat, origin.lon]);
        L.marker([origin.lat, origin.lon], {
          interactive: false,
          keyboard: false,
          icon: L.divIcon({
            className: 'prosearch__origin',
            html: `<span role="img" aria-label="${escapeHtml(origin.label)}" title="${escapeHtml(origin.label)}"></span>`,
            iconSize: [18, 18],
          }),
        }).addTo(layer);
      }
      for (const marker of markers) {
        points.push([marker.lat, marker.lon]);
        const leaflet = L.marker([marker.lat, marker.lon], {
          interactive: false,
          keyboard: false,
          // The nearest on top.
          zIndexOffset: 1000 - marker.number,
          icon: iconOf(marker, 0, 0),
        }).addTo(layer);
        placed.push({ marker, leaflet });
      }
      // The container may have changed size since the map was made (late CSS, layout).
      map.invalidateSize({ animate: false });
      if (points.length > 1)
        map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom, animate: false });
      else if (points.length === 1) map.setView(points[0] as L.LatLngExpression, maxZoom, { animate: false });
      else map.fitBounds(DEFAULT_BOUNDS);
      declutter();
    },
    destroy() {
      map.remove();
    },
  };
}
