/**
 * The mail of spec 7 guest/sendVideoShareEmail, in the recipient-facing language (de, en, nl, es):
 * a fixed template with the video's title, its performer, the link to the video on our site, the
 * sender's screen name and, optionally, the sender's short note. Nothing of the sender's reaches a
 * header but the screen name (the site's own name rules) in the fixed subject; the note is plain
 * text, escaped in the HTML part.
 */
import type { Language } from '@vela/contracts/common';
import { escapeHtml, type MailContent } from './mail.templates.ts';

interface VideoShareTexts {
  subject: (sender: string, brand: string) => string;
  greeting: string;
  intro: (sender: string, brand: string) => string;
  video: (title: string, performer: string) => string;
  note: (sender: string) => string;
  why: (sender: string, brand: string) => string;
}

const VIDEO_SHARE: Record<Language, VideoShareTexts> = {
  en: {
    subject: (sender, brand) => `${sender} sent you a video on ${brand}`,
    greeting: 'Hello,',
    intro: (sender, brand) => `${sender} thinks you will like this video on ${brand}:`,
    video: (title, performer) => `“${title}” by ${performer}`,
    note: (sender) => `${sender} wrote:`,
    why: (sender, brand) =>
      `You get this e-mail because ${sender} entered your address on ${brand}. We keep it for nothing else and send you nothing more.`,
  },
  de: {
    subject: (sender, brand) => `${sender} hat dir ein Video auf ${brand} geschickt`,
    greeting: 'Hallo,',
    intro: (sender, brand) => `${sender} meint, dieses Video auf ${brand} gefällt dir:`,
    video: (title, performer) => `„${title}“ von ${performer}`,
    note: (sender) => `${sender} schreibt:`,
    why: (sender, brand) =>
      `Du bekommst diese E-Mail, weil ${sender} deine Adresse auf ${brand} eingegeben hat. Wir nutzen sie für nichts anderes und schicken dir nichts weiter.`,
  },
  nl: {
    subject: (sender, brand) => `${sender} heeft je een video gestuurd op ${brand}`,
    greeting: 'Hallo,',
    intro: (sender, brand) => `${sender} denkt dat je deze video op ${brand} leuk vindt:`,
    video: (title, performer) => `‘${title}’ van ${performer}`,
    note: (sender) => `${sender} schrijft:`,
    why: (sender, brand) =>
      `Je krijgt deze e-mail omdat ${sender} je adres op ${brand} heeft ingevuld. We gebruiken het nergens anders voor en sturen je verder niets.`,
  },
  es: {
    subject: (sender, brand) => `${sender} te ha enviado un vídeo en ${brand}`,
    greeting: 'Hola:',
    intro: (sender, brand) => `${sender} cree que te gustará este vídeo en ${brand}:`,
    video: (title, performer) => `«${title}» de ${performer}`,
    note: (sender) => `${sender} escribe:`,
    why: (sender, brand) =>
      `Recibes este correo porque ${sender} ha introducido tu dirección en ${brand}. No la usamos para nada más y no te enviaremos nada más.`,
  },
};

export interface VideoShareValues {
  brandName: string;
  senderName: string;
  title: string;
  performer: string;
  link: string;
  /** The sender's plain-text note, at most 200 characters (checked by the caller). */
  note?: string | undefined;
}

export function videoShareMail(language: Language, values: VideoShareValues): MailContent {
  const t = VIDEO_SHARE[language];
  const { brandName: brand, senderName: sender } = values;
  const note = values.note?.trim() ? values.note.trim() : null;
  const text = [
    t.greeting,
    '',
    t.intro(sender, brand),
    t.video(values.title, values.performer),
    values.link,
    ...(note ? ['', t.note(sender), note] : []),
    '',
    t.why(sender, brand),
    '',
    brand,
  ].join('\n');
  const link = escapeHtml(values.link);
  const html = [
    `<p>${escapeHtml(t.greeting)}</p>`,
    `<p>${escapeHtml(t.intro(sender, brand))}<br><strong>${escapeHtml(t.video(values.title, values.performer))}</strong></p>`,
    `<p><a href="${link}">${link}</a></p>`,
    ...(note
      ? [
          `<p>${escapeHtml(t.note(sender))}</p>`,
          `<blockquote>${escapeHtml(note).replaceAll('\n', '<br>')}</blockquote>`,
        ]
      : []),
    `<p>${escapeHtml(t.why(sender, brand))}</p>`,
    `<p>${escapeHtml(brand)}</p>`,
  ].join('\n');
  return { subject: t.subject(sender, brand), text, html };
}
