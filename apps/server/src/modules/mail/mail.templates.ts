/** Texts of the mails we send, in all four languages (spec 9: de, en, nl, es). */
import type { Language } from '@vela/contracts/common';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

interface PasswordResetTexts {
  subject: (brand: string) => string;
  greeting: (name: string) => string;
  body: string;
  validity: (minutes: number) => string;
  ignore: string;
}

const PASSWORD_RESET: Record<Language, PasswordResetTexts> = {
  en: {
    subject: (brand) => `${brand}: reset your password`,
    greeting: (name) => `Hello ${name},`,
    body: 'someone asked to reset the password of your account. Open this link to choose a new password:',
    validity: (minutes) => `The link works once and for ${minutes} minutes.`,
    ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  de: {
    subject: (brand) => `${brand}: Passwort zurücksetzen`,
    greeting: (name) => `Hallo ${name},`,
    body: 'jemand möchte das Passwort deines Kontos zurücksetzen. Öffne diesen Link, um ein neues Passwort zu wählen:',
    validity: (minutes) => `Der Link funktioniert einmal und ${minutes} Minuten lang.`,
    ignore: 'Wenn du das nicht angefordert hast, ignoriere diese Mail: Dein Passwort bleibt unverändert.',
  },
  nl: {
    subject: (brand) => `${brand}: stel je wachtwoord opnieuw in`,
    greeting: (name) => `Hallo ${name},`,
    body: 'iemand heeft gevraagd het wachtwoord van je account opnieuw in te stellen. Open deze link om een nieuw wachtwoord te kiezen:',
    validity: (minutes) => `De link werkt één keer en ${minutes} minuten lang.`,
    ignore: 'Heb je hier niet om gevraagd? Negeer deze mail dan: je wachtwoord blijft zoals het is.',
  },
  es: {
    subject: (brand) => `${brand}: restablece tu contraseña`,
    greeting: (name) => `Hola ${name}:`,
    body: 'alguien ha pedido restablecer la contraseña de tu cuenta. Abre este enlace para elegir una contraseña nueva:',
    validity: (minutes) => `El enlace funciona una sola vez y durante ${minutes} minutos.`,
    ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  },
};

/** The password reset mail (spec 2: the link carries u and key and opens the flow pwdreset). */
export function passwordResetMail(
  language: Language,
  values: { brandName: string; screenName: string; link: string; validMinutes: number },
): MailContent {
  const t = PASSWORD_RESET[language];
  const lines = [
    t.greeting(values.screenName),
    '',
    t.body,
    values.link,
    '',
    t.validity(values.validMinutes),
    t.ignore,
    '',
    values.brandName,
  ];
  const link = escapeHtml(values.link);
  const html = [
    `<p>${escapeHtml(t.greeting(values.screenName))}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    `<p><a href="${link}">${link}</a></p>`,
    `<p>${escapeHtml(t.validity(values.validMinutes))}<br>${escapeHtml(t.ignore)}</p>`,
    `<p>${escapeHtml(values.brandName)}</p>`,
  ].join('\n');
  return { subject: t.subject(values.brandName), text: lines.join('\n'), html };
}
