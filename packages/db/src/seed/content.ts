/** Static word lists the seed combines. Names are invented stage names, never real people. */
import type { Language } from '@vela/contracts/common';

export type Localized = Record<Language, string>;

/** 24 categories: names per language (slugs derive from the de, en and es names). */
export const CATEGORY_NAMES: Localized[] = [
  { en: 'Blondes', de: 'Blondinen', nl: 'Blondjes', es: 'Rubias' },
  { en: 'Brunettes', de: 'Brünette', nl: 'Brunettes', es: 'Morenas' },
  { en: 'Redheads', de: 'Rothaarige', nl: 'Roodharigen', es: 'Pelirrojas' },
  { en: 'Mature', de: 'Reife Frauen', nl: 'Rijpe vrouwen', es: 'Maduras' },
  { en: 'Couples', de: 'Paare', nl: 'Stellen', es: 'Parejas' },
  { en: 'Curvy', de: 'Kurvig', nl: 'Rondingen', es: 'Curvilíneas' },
  { en: 'Petite', de: 'Zierlich', nl: 'Tenger', es: 'Menudas' },
  { en: 'Tattoos', de: 'Tattoos', nl: 'Tatoeages', es: 'Tatuajes' },
  { en: 'Glasses', de: 'Brille', nl: 'Bril', es: 'Gafas' },
  { en: 'Outdoor', de: 'Draußen', nl: 'Buiten', es: 'Al aire libre' },
  { en: 'Fitness', de: 'Fitness', nl: 'Fitness', es: 'Fitness' },
  { en: 'Cosplay', de: 'Cosplay', nl: 'Cosplay', es: 'Cosplay' },
  { en: 'Dance', de: 'Tanz', nl: 'Dans', es: 'Baile' },
  { en: 'Lingerie', de: 'Dessous', nl: 'Lingerie', es: 'Lencería' },
  { en: 'Role play', de: 'Rollenspiele', nl: 'Rollenspel', es: 'Juegos de rol' },
  { en: 'Newcomers', de: 'Neueinsteiger', nl: 'Nieuwkomers', es: 'Recién llegadas' },
  { en: 'Voyeur', de: 'Voyeur', nl: 'Voyeur', es: 'Voyeur' },
  { en: 'Romantic', de: 'Romantisch', nl: 'Romantisch', es: 'Románticas' },
  { en: 'Piercings', de: 'Piercings', nl: 'Piercings', es: 'Piercings' },
  { en: 'Long hair', de: 'Lange Haare', nl: 'Lang haar', es: 'Pelo largo' },
  { en: 'Talkative', de: 'Gesprächig', nl: 'Spraakzaam', es: 'Conversadoras' },
  { en: 'Gamers', de: 'Gamer', nl: 'Gamers', es: 'Gamers' },
  { en: 'Music', de: 'Musik', nl: 'Muziek', es: 'Música' },
  { en: 'Travel', de: 'Reisen', nl: 'Reizen', es: 'Viajes' },
];

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/ß/g, 'ss')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const CATEGORY_DESCRIPTION: Localized = {
  en: 'Live cams, videos and photos in the category {name}.',
  de: 'Livecams, Videos und Fotos in der Kategorie {name}.',
  nl: "Livecams, video's en foto's in de categorie {name}.",
  es: 'Cámaras en vivo, vídeos y fotos en la categoría {name}.',
};

export const TAGS = [
  'sunset',
  'studio',
  'beach',
  'candlelight',
  'neon',
  'retro',
  'sporty',
  'elegant',
  'casual',
  'party',
  'kitchen',
  'garden',
  'pool',
  'winter',
  'summer',
  'autumn',
  'spring',
  'morning',
  'night',
  'city',
  'countryside',
  'road trip',
  'hotel',
  'sauna',
  'yoga',
  'workout',
  'dance',
  'music',
  'gaming',
  'cosplay',
  'costume',
  'lingerie',
  'high heels',
  'stockings',
  'leather',
  'latex',
  'denim',
  'silk',
  'massage',
  'shower',
];

export const STAGE_PREFIXES = [
  'Sweet',
  'Sunny',
  'Velvet',
  'Silky',
  'Lucky',
  'Wild',
  'Misty',
  'Dreamy',
  'Golden',
  'Crystal',
  'Lovely',
  'Shiny',
  'Secret',
  'Happy',
  'Rosy',
  'Lazy',
  'Spicy',
  'Cosy',
  'Sparkly',
  'Tiny',
  'Cherry',
  'Minty',
  'Honey',
  'Starry',
  'Moon',
  'Amber',
  'Coral',
  'Ivy',
  'Pearl',
  'Ruby',
];
export const STAGE_NAMES = [
  'Luna',
  'Mia',
  'Nora',
  'Lara',
  'Zoe',
  'Emma',
  'Lea',
  'Nina',
  'Sofia',
  'Ella',
  'Jana',
  'Kira',
  'Mara',
  'Lina',
  'Tessa',
  'Vera',
  'Ada',
  'Iris',
  'Juna',
  'Leni',
  'Maja',
  'Romy',
  'Sina',
  'Yara',
  'Alex',
  'Ben',
  'Chris',
  'Dario',
  'Finn',
  'Jonas',
  'Kai',
  'Leo',
  'Max',
  'Nico',
  'Sam',
  'Toni',
  'Robin',
  'Kim',
  'Jules',
  'Charlie',
];

export const CITIES = [
  'Berlin',
  'Hamburg',
  'München',
  'Köln',
  'Leipzig',
  'Wien',
  'Zürich',
  'Amsterdam',
  'Rotterdam',
  'Utrecht',
  'Antwerpen',
  'Madrid',
  'Barcelona',
  'Valencia',
  'Sevilla',
  'London',
  'Dublin',
  'Lisboa',
  'Prag',
  'Palma',
];

export const ZODIAC = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
];

export const BANNED_COUNTRY_SETS = [['DE'], ['AT', 'CH'], ['NL'], ['ES'], ['DE', 'AT']];

export const ABOUT_ME: Localized[] = [
  {
    en: 'Hi, I am {name}. I love long chats, good music and trying new things.',
    de: 'Hallo, ich bin {name}. Ich liebe lange Chats, gute Musik und Neues auszuprobieren.',
    nl: 'Hoi, ik ben {name}. Ik hou van lange chats, goede muziek en nieuwe dingen proberen.',
    es: 'Hola, soy {name}. Me encantan las charlas largas, la buena música y probar cosas nuevas.',
  },
  {
    en: '{name} here: relaxed, curious and always in a good mood. Come and say hello!',
    de: 'Hier ist {name}: entspannt, neugierig und immer gut gelaunt. Sag doch mal Hallo!',
    nl: 'Hier is {name}: relaxed, nieuwsgierig en altijd goedgemutst. Kom gedag zeggen!',
    es: 'Aquí {name}: tranquila, curiosa y siempre de buen humor. ¡Ven a saludar!',
  },
  {
    en: 'I am {name} and I am online most evenings. Tell me about your day.',
    de: 'Ich bin {name} und meistens abends online. Erzähl mir von deinem Tag.',
    nl: 'Ik ben {name} en meestal ’s avonds online. Vertel me over je dag.',
    es: 'Soy {name} y suelo estar en línea por las noches. Cuéntame tu día.',
  },
];

export const VIDEO_ADJECTIVES = [
  'Lazy',
  'Golden',
  'Secret',
  'Hot',
  'Sweet',
  'Wild',
  'Quiet',
  'Sunny',
  'Midnight',
  'Rainy',
  'Spicy',
  'Soft',
  'Private',
  'Playful',
  'Slow',
  'First',
  'Last',
  'Perfect',
  'Little',
  'Big',
];
export const VIDEO_NOUNS = [
  'Sunday',
  'afternoon',
  'session',
  'surprise',
  'shower',
  'workout',
  'date',
  'dance',
  'road trip',
  'holiday',
  'weekend',
  'evening',
  'massage',
  'photo shoot',
  'pool party',
  'fashion show',
  'morning',
  'adventure',
  'game night',
  'breakfast',
];

export const BLOG_CATEGORY_TOPICS: Record<number, Localized> = {
  1: {
    en: 'News from the community',
    de: 'Neues aus der Community',
    nl: 'Nieuws uit de community',
    es: 'Novedades de la comunidad',
  },
  38: {
    en: 'Event highlights',
    de: 'Event-Highlights',
    nl: 'Evenement-hoogtepunten',
    es: 'Lo mejor del evento',
  },
  39: { en: 'Live tonight', de: 'Heute live', nl: 'Vanavond live', es: 'Esta noche en directo' },
  40: {
    en: 'Premium TV preview',
    de: 'Premium-TV-Vorschau',
    nl: 'Premium-tv-preview',
    es: 'Avance de TV premium',
  },
  41: {
    en: 'Free TV this week',
    de: 'Free-TV diese Woche',
    nl: 'Gratis tv deze week',
    es: 'TV gratis esta semana',
  },
  43: { en: 'Special offers', de: 'Aktionen', nl: 'Acties', es: 'Promociones' },
  44: {
    en: 'Behind the scenes',
    de: 'Hinter den Kulissen',
    nl: 'Achter de schermen',
    es: 'Detrás de las cámaras',
  },
  45: { en: 'Platform news', de: 'Plattform-News', nl: 'Platformnieuws', es: 'Noticias de la plataforma' },
  46: { en: 'Interview', de: 'Interview', nl: 'Interview', es: 'Entrevista' },
  506: { en: 'Featured story', de: 'Titelgeschichte', nl: 'Uitgelicht verhaal', es: 'Historia destacada' },
};

export const BLOG_EXCERPT: Localized = {
  en: 'Part {n}: everything you need to know, in short.',
  de: 'Teil {n}: alles Wichtige in Kürze.',
  nl: 'Deel {n}: alles wat je moet weten, in het kort.',
  es: 'Parte {n}: todo lo que necesitas saber, en breve.',
};

export const BLOG_BODY: Localized = {
  en: 'This article is part {n} of our series. We look at what happened, what is coming next and what our performers say about it.',
  de: 'Dieser Artikel ist Teil {n} unserer Reihe. Wir schauen, was passiert ist, was als Nächstes kommt und was unsere Darsteller dazu sagen.',
  nl: 'Dit artikel is deel {n} van onze reeks. We kijken wat er gebeurd is, wat er komt en wat onze performers ervan vinden.',
  es: 'Este artículo es la parte {n} de nuestra serie. Vemos qué ha pasado, qué viene ahora y qué opinan nuestros artistas.',
};

export const CONTEST_THEMES: Localized[] = [
  { en: 'Summer vibes', de: 'Sommerfeeling', nl: 'Zomergevoel', es: 'Ambiente de verano' },
  { en: 'Best costume', de: 'Bestes Kostüm', nl: 'Beste kostuum', es: 'Mejor disfraz' },
  { en: 'Golden hour', de: 'Goldene Stunde', nl: 'Gouden uur', es: 'Hora dorada' },
  { en: 'Winter wonderland', de: 'Winterwunderland', nl: 'Winterwonderland', es: 'País de invierno' },
  { en: 'Neon nights', de: 'Neonnächte', nl: 'Neonnachten', es: 'Noches de neón' },
  { en: 'Best smile', de: 'Schönstes Lächeln', nl: 'Mooiste glimlach', es: 'Mejor sonrisa' },
];

export const CONTEST_DESCRIPTION: Localized = {
  en: 'Vote for your favourite entry. Every guest has up to 5 votes.',
  de: 'Stimme für deinen Lieblingsbeitrag ab. Jeder Gast hat bis zu 5 Stimmen.',
  nl: 'Stem op je favoriete inzending. Elke gast heeft maximaal 5 stemmen.',
  es: 'Vota por tu participación favorita. Cada invitado tiene hasta 5 votos.',
};

export const TV_SERIES: { key: string; title: Localized }[] = [
  {
    key: 'late-night-talk',
    title: { en: 'Late Night Talk', de: 'Late Night Talk', nl: 'Late Night Talk', es: 'Charla nocturna' },
  },
  {
    key: 'behind-the-cam',
    title: {
      en: 'Behind the Cam',
      de: 'Hinter der Kamera',
      nl: 'Achter de camera',
      es: 'Detrás de la cámara',
    },
  },
  {
    key: 'city-nights',
    title: { en: 'City Nights', de: 'Stadtnächte', nl: 'Stadsnachten', es: 'Noches de ciudad' },
  },
  { key: 'the-casting', title: { en: 'The Casting', de: 'Das Casting', nl: 'De casting', es: 'El casting' } },
  { key: 'road-trip', title: { en: 'Road Trip', de: 'Roadtrip', nl: 'Roadtrip', es: 'De viaje' } },
  {
    key: 'fitness-club',
    title: { en: 'Fitness Club', de: 'Fitnessclub', nl: 'Fitnessclub', es: 'Club de fitness' },
  },
  {
    key: 'kitchen-stories',
    title: {
      en: 'Kitchen Stories',
      de: 'Küchengeschichten',
      nl: 'Keukenverhalen',
      es: 'Historias de cocina',
    },
  },
  {
    key: 'weekend-special',
    title: {
      en: 'Weekend Special',
      de: 'Wochenend-Spezial',
      nl: 'Weekendspecial',
      es: 'Especial de fin de semana',
    },
  },
];

export const TV_DESCRIPTION: Localized = {
  en: 'A Vela TV series with new episodes every week.',
  de: 'Eine Vela-TV-Serie mit neuen Folgen jede Woche.',
  nl: 'Een Vela TV-serie met elke week nieuwe afleveringen.',
  es: 'Una serie de Vela TV con nuevos episodios cada semana.',
};

/** SEO text templates; `{brand}`, `{name}` are filled in. */
export const SEO: Record<'home' | 'category' | 'actor', Record<Language, Record<string, string>>> = {
  home: {
    en: {
      h1: 'Live cams, videos and more',
      h2: 'Meet performers live',
      title: '{brand} – live cams and videos',
      description: 'Chat live, watch videos and discover new performers every day on {brand}.',
      text: 'Thousands of videos and hundreds of performers online every day.',
      breadcrumb: 'Home',
    },
    de: {
      h1: 'Livecams, Videos und mehr',
      h2: 'Darsteller live erleben',
      title: '{brand} – Livecams und Videos',
      description: 'Live chatten, Videos ansehen und jeden Tag neue Darsteller entdecken auf {brand}.',
      text: 'Tausende Videos und jeden Tag Hunderte Darsteller online.',
      breadcrumb: 'Startseite',
    },
    nl: {
      h1: "Livecams, video's en meer",
      h2: 'Ontmoet performers live',
      title: "{brand} – livecams en video's",
      description: "Live chatten, video's kijken en elke dag nieuwe performers ontdekken op {brand}.",
      text: "Duizenden video's en elke dag honderden performers online.",
      breadcrumb: 'Home',
    },
    es: {
      h1: 'Cámaras en vivo, vídeos y más',
      h2: 'Conoce a los artistas en directo',
      title: '{brand} – cámaras en vivo y vídeos',
      description: 'Chatea en directo, mira vídeos y descubre nuevos artistas cada día en {brand}.',
      text: 'Miles de vídeos y cientos de artistas en línea cada día.',
      breadcrumb: 'Inicio',
    },
  },
  category: {
    en: {
      h1: '{name}',
      h2: '{name} live cams',
      title: '{name} – live cams and videos | {brand}',
      description: 'Performers in the category {name}: chat live and watch their videos.',
      text: 'All performers of the category {name}, online performers first.',
      breadcrumb: 'Categories › {name}',
    },
    de: {
      h1: '{name}',
      h2: '{name} Livecams',
      title: '{name} – Livecams und Videos | {brand}',
      description: 'Darsteller der Kategorie {name}: live chatten und Videos ansehen.',
      text: 'Alle Darsteller der Kategorie {name}, die Online-Darsteller zuerst.',
      breadcrumb: 'Kategorien › {name}',
    },
    nl: {
      h1: '{name}',
      h2: '{name} livecams',
      title: "{name} – livecams en video's | {brand}",
      description: "Performers in de categorie {name}: live chatten en video's kijken.",
      text: 'Alle performers van de categorie {name}, online performers eerst.',
      breadcrumb: 'Categorieën › {name}',
    },
    es: {
      h1: '{name}',
      h2: 'Cámaras de {name}',
      title: '{name} – cámaras en vivo y vídeos | {brand}',
      description: 'Artistas de la categoría {name}: chatea en directo y mira sus vídeos.',
      text: 'Todos los artistas de la categoría {name}, primero los que están en línea.',
      breadcrumb: 'Categorías › {name}',
    },
  },
  actor: {
    en: {
      h1: '{name}',
      h2: '{name} live and on video',
      title: '{name} – live cam, videos and photos | {brand}',
      description: 'Chat live with {name}, watch videos and browse photo albums.',
      text: 'Profile, videos and photos of {name}.',
      breadcrumb: 'Performers › {name}',
    },
    de: {
      h1: '{name}',
      h2: '{name} live und im Video',
      title: '{name} – Livecam, Videos und Fotos | {brand}',
      description: 'Chatte live mit {name}, sieh Videos und stöbere in Fotoalben.',
      text: 'Profil, Videos und Fotos von {name}.',
      breadcrumb: 'Darsteller › {name}',
    },
    nl: {
      h1: '{name}',
      h2: '{name} live en op video',
      title: "{name} – livecam, video's en foto's | {brand}",
      description: "Chat live met {name}, kijk video's en blader door fotoalbums.",
      text: "Profiel, video's en foto's van {name}.",
      breadcrumb: 'Performers › {name}',
    },
    es: {
      h1: '{name}',
      h2: '{name} en directo y en vídeo',
      title: '{name} – cámara en vivo, vídeos y fotos | {brand}',
      description: 'Chatea en directo con {name}, mira vídeos y explora álbumes de fotos.',
      text: 'Perfil, vídeos y fotos de {name}.',
      breadcrumb: 'Artistas › {name}',
    },
  },
};

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
