/**
 * Literal texts that several specs read on the actor profile and its albums, in the languages those specs
 * use (en, es): kept literal here, once, from packages/i18n/src/messages/{actor,gallery}.ts — a test must
 * not reuse the code's catalogues. actor-profile.spec.ts, catalog-journey.spec.ts, gallery.spec.ts.
 */
type Texts = Record<string, Record<'en' | 'es', string>>;

/** The profile's tab navigation and the about-me blocks (messages/actor.ts). */
export const PROFILE_TABS_TEXT = {
  sections: { en: 'Profile sections', es: 'Secciones del perfil' },
  aboutMe: { en: 'About me', es: 'Sobre mí' },
  videos: { en: 'Videos', es: 'Vídeos' },
  classic: { en: 'Classics', es: 'Clásicos' },
  pictures: { en: 'Photos', es: 'Fotos' },
  liveShow: { en: 'Live show', es: 'Show en vivo' },
  topCams: { en: 'Top cams', es: 'Top cams' },
  ratings: { en: 'Chat ratings', es: 'Valoraciones del chat' },
  upcoming: { en: 'Upcoming shows', es: 'Próximos shows' },
  topCamsTitle: { en: 'Online now: similar performers', es: 'Online ahora: modelos parecidas' },
} satisfies Texts;

/** An album's comment form (messages/gallery.ts, spec 5: one comment per guest). */
export const ALBUM_COMMENT_TEXT = {
  commentLabel: { en: 'Your comment', es: 'Tu comentario' },
  submit: { en: 'Post comment', es: 'Publicar comentario' },
  posted: { en: 'Thank you, your comment is online.', es: 'Gracias, tu comentario ya está publicado.' },
  already: {
    en: 'You have already commented on this album. Each guest may comment once.',
    es: 'Ya has comentado este álbum. Cada usuario puede comentar una vez.',
  },
  picturesPath: { en: 'pictures', es: 'fotos' },
} satisfies Texts;
