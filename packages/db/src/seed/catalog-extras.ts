/**
 * Seed content and generators of the issue 5 tables and columns: where actors are (country, postal
 * code, coordinates), chat ratings, heat maps, interviews and cam shows. Deterministic like the
 * rest of the seed: every value comes from the stream handed in and offsets from `now`.
 */
import type { Localized } from './content.ts';
import type { Random } from './random.ts';

const DAY = 86_400_000;

export interface Place {
  countryCode: string;
  zipCode: string;
  lat: number;
  lon: number;
}

/** The seed's cities (content.ts CITIES) with a central postal code and coordinates. */
export const CITY_PLACES: Record<string, Place> = {
  Berlin: { countryCode: 'DE', zipCode: '10115', lat: 52.532, lon: 13.384 },
  Hamburg: { countryCode: 'DE', zipCode: '20095', lat: 53.551, lon: 10.0 },
  München: { countryCode: 'DE', zipCode: '80331', lat: 48.137, lon: 11.575 },
  Köln: { countryCode: 'DE', zipCode: '50667', lat: 50.938, lon: 6.957 },
  Leipzig: { countryCode: 'DE', zipCode: '04109', lat: 51.34, lon: 12.374 },
  Wien: { countryCode: 'AT', zipCode: '1010', lat: 48.208, lon: 16.373 },
  Zürich: { countryCode: 'CH', zipCode: '8001', lat: 47.372, lon: 8.542 },
  Amsterdam: { countryCode: 'NL', zipCode: '1012', lat: 52.373, lon: 4.893 },
  Rotterdam: { countryCode: 'NL', zipCode: '3011', lat: 51.922, lon: 4.479 },
  Utrecht: { countryCode: 'NL', zipCode: '3511', lat: 52.091, lon: 5.122 },
  Antwerpen: { countryCode: 'BE', zipCode: '2000', lat: 51.219, lon: 4.402 },
  Madrid: { countryCode: 'ES', zipCode: '28013', lat: 40.417, lon: -3.704 },
  Barcelona: { countryCode: 'ES', zipCode: '08002', lat: 41.383, lon: 2.177 },
  Valencia: { countryCode: 'ES', zipCode: '46002', lat: 39.47, lon: -0.376 },
  Sevilla: { countryCode: 'ES', zipCode: '41004', lat: 37.389, lon: -5.984 },
  London: { countryCode: 'GB', zipCode: 'WC2N', lat: 51.507, lon: -0.128 },
  Dublin: { countryCode: 'IE', zipCode: 'D02', lat: 53.349, lon: -6.26 },
  Lisboa: { countryCode: 'PT', zipCode: '1100', lat: 38.722, lon: -9.139 },
  Prag: { countryCode: 'CZ', zipCode: '11000', lat: 50.087, lon: 14.421 },
  Palma: { countryCode: 'ES', zipCode: '07001', lat: 39.57, lon: 2.65 },
};

/** German towns for actors without a city: the pro search by German postal code finds people nearby. */
export const GERMAN_PLACES: Place[] = [
  { countryCode: 'DE', zipCode: '60311', lat: 50.11, lon: 8.682 },
  { countryCode: 'DE', zipCode: '70173', lat: 48.776, lon: 9.177 },
  { countryCode: 'DE', zipCode: '40213', lat: 51.225, lon: 6.776 },
  { countryCode: 'DE', zipCode: '44135', lat: 51.514, lon: 7.465 },
  { countryCode: 'DE', zipCode: '45127', lat: 51.456, lon: 7.012 },
  { countryCode: 'DE', zipCode: '28195', lat: 53.079, lon: 8.801 },
  { countryCode: 'DE', zipCode: '01067', lat: 51.05, lon: 13.738 },
  { countryCode: 'DE', zipCode: '30159', lat: 52.375, lon: 9.732 },
  { countryCode: 'DE', zipCode: '90402', lat: 49.452, lon: 11.077 },
  { countryCode: 'DE', zipCode: '14467', lat: 52.396, lon: 13.058 },
  { countryCode: 'DE', zipCode: '24103', lat: 54.323, lon: 10.135 },
  { countryCode: 'DE', zipCode: '18055', lat: 54.092, lon: 12.099 },
  { countryCode: 'DE', zipCode: '66111', lat: 49.234, lon: 6.995 },
  { countryCode: 'DE', zipCode: '79098', lat: 47.995, lon: 7.85 },
  { countryCode: 'DE', zipCode: '93047', lat: 49.013, lon: 12.101 },
  { countryCode: 'DE', zipCode: '99084', lat: 50.978, lon: 11.029 },
];

/** An actor's place: the city's (a few hundred metres around its centre) or a German town, or none. */
export function placeOf(r: Random, city: string | null): Place | null {
  const base = (city ? CITY_PLACES[city] : undefined) ?? (r.chance(0.7) ? r.pick(GERMAN_PLACES) : null);
  if (!base) return null;
  const jitter = () => Math.round((r.next() - 0.5) * 0.04 * 1e5) / 1e5;
  return { ...base, lat: base.lat + jitter(), lon: base.lon + jitter() };
}

/**
 * Chat ratings of one actor: 0-40 over the last 150 days (so some fall outside the 90-day window of
 * spec 9 and some actors stay under the 10 ratings a rating needs to be shown).
 */
export function* chatRatingsOf(r: Random, actorId: number, nowMs: number) {
  const count = r.int(0, 40);
  const satisfaction = 0.55 + r.next() * 0.43;
  for (let i = 0; i < count; i++) {
    yield {
      actorId,
      satisfied: r.chance(satisfaction),
      createdAt: new Date(nowMs - r.int(0, 150 * 24 * 60) * 60_000),
    };
  }
}

const MEMOS: Localized[] = [
  {
    en: 'Mostly online in the evenings, sometimes at lunchtime.',
    de: 'Meistens abends online, manchmal auch mittags.',
    nl: "Meestal 's avonds online, soms ook rond lunchtijd.",
    es: 'Casi siempre conectada por la noche, a veces al mediodía.',
  },
  {
    en: 'Late-night shows at the weekend.',
    de: 'Am Wochenende Shows bis spät in die Nacht.',
    nl: 'In het weekend shows tot laat in de nacht.',
    es: 'Los fines de semana, shows hasta muy tarde.',
  },
  {
    en: 'Early bird: find me online in the mornings.',
    de: 'Frühaufsteherin: morgens bin ich online.',
    nl: "Vroege vogel: 's ochtends ben ik online.",
    es: 'Madrugadora: me encuentras por las mañanas.',
  },
];

/** When an actor is usually online: 7 days (Monday first) × 24 hours, 0-100, around a favourite hour. */
export function heatMapOf(r: Random, actorId: number) {
  const peak = r.pick([9, 12, 18, 20, 21, 22, 23]);
  const spread = r.int(2, 5);
  const weekendBoost = r.next() * 30;
  const heatMap = Array.from({ length: 7 }, (_, day) =>
    Array.from({ length: 24 }, (_, hour) => {
      const distance = Math.min(Math.abs(hour - peak), 24 - Math.abs(hour - peak));
      const base = Math.max(0, 100 - (distance / spread) * 45);
      const value = base * (0.6 + r.next() * 0.4) + (day >= 5 ? weekendBoost : 0);
      return Math.min(100, Math.round(value));
    }),
  );
  const hoursToBeOnline = Array.from({ length: spread * 2 }, (_, i) => (peak - spread + i + 24) % 24).sort(
    (a, b) => a - b,
  );
  return { actorId, heatMap, hoursToBeOnline, memo: r.chance(0.6) ? r.pick(MEMOS) : null };
}

const INTERVIEW_TITLES: Localized[] = [
  {
    en: 'Ten questions for {name}',
    de: 'Zehn Fragen an {name}',
    nl: 'Tien vragen aan {name}',
    es: 'Diez preguntas a {name}',
  },
  { en: 'A day with {name}', de: 'Ein Tag mit {name}', nl: 'Een dag met {name}', es: 'Un día con {name}' },
  {
    en: '{name} on travelling',
    de: '{name} übers Reisen',
    nl: '{name} over reizen',
    es: '{name} habla de viajes',
  },
  {
    en: '{name} behind the camera',
    de: '{name} hinter der Kamera',
    nl: '{name} achter de camera',
    es: '{name} detrás de la cámara',
  },
];

export function interviewTitle(r: Random, name: string): Localized {
  const tpl = r.pick(INTERVIEW_TITLES);
  const fill = (text: string) => text.replaceAll('{name}', name);
  return { en: fill(tpl.en), de: fill(tpl.de), nl: fill(tpl.nl), es: fill(tpl.es) };
}

const SHOW_THEMES = [
  'Sunset lounge',
  'Dance night',
  'Q&A live',
  'Cosplay special',
  'Yoga morning',
  'Karaoke hour',
];
const SHOW_DESCRIPTIONS = [
  'A relaxed evening with music and chat.',
  'Requests welcome: you choose the playlist.',
  'Ask me anything, live on camera.',
  'New outfit, new show: come and see.',
];

/**
 * Scheduled cam shows: spread from two days ago to two weeks ahead, 30-120 minutes long; some are
 * running at `now`, some are over, most are upcoming.
 */
export function camShowOf(r: Random, id: number, actors: number, nowMs: number) {
  const startsAt = new Date(nowMs + r.int(-2 * 24 * 4, 14 * 24 * 4) * 15 * 60_000);
  const isFree = r.chance(0.2);
  return {
    id,
    actorId: r.int(1, actors),
    title: `${r.pick(SHOW_THEMES)}${r.chance(0.4) ? ` #${r.int(2, 9)}` : ''}`,
    description: r.pick(SHOW_DESCRIPTIONS),
    startsAt,
    endsAt: new Date(startsAt.getTime() + r.int(2, 8) * 15 * 60_000),
    priceCents: isFree ? 0 : r.int(20, 100) * 10 - 1,
    isFree,
    isFeatured: r.chance(0.15),
    isInternal: false,
    bonusCode: null,
  };
}

export const interviewPublishedAt = (r: Random, nowMs: number) => new Date(nowMs - r.int(1, 700) * DAY);
