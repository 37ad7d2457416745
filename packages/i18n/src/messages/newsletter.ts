/**
 * Texts of the newsletter unsubscribe link (apps/server modules/guests/newsletter.*): the page the
 * link of a mail opens (spec 7 `guest/newsletter/unsubscribe`), in the guest's language, and the
 * footer of a newsletter mail. The names of the newsletter types are myvela's `newsletter.type`.
 */
import { defineMessages } from '../translate.ts';

export const newsletterMessages = defineMessages({
  en: {
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribed:
      'You will no longer get {count, plural, one {the newsletter} other {the newsletters}} {names} from {brand}.',
    resubscribe: 'Changed your mind? Choose your newsletters again under My{brand}: {profile}.',
    invalidTitle: 'This link does not work',
    invalid:
      'This unsubscribe link is incomplete or not valid. Open the link in the mail again, or choose your newsletters under My{brand}: {profile}.',
    expiredTitle: 'This link has expired',
    expired:
      'An unsubscribe link works for {days} days. Use the link in a newer mail, or choose your newsletters under My{brand}: {profile}.',
    home: 'Go to {brand}',
    mailFooter:
      'You get this mail because you subscribed to the newsletter {name} of {brand}. Unsubscribe with one click:',
  },
  de: {
    unsubscribedTitle: 'Du bist abgemeldet',
    unsubscribed:
      'Du bekommst {count, plural, one {den Newsletter} other {die Newsletter}} {names} von {brand} nicht mehr.',
    resubscribe: 'Doch anders entschieden? Wähle deine Newsletter wieder unter My{brand}: {profile}.',
    invalidTitle: 'Dieser Link funktioniert nicht',
    invalid:
      'Dieser Abmeldelink ist unvollständig oder ungültig. Öffne den Link in der Mail noch einmal oder wähle deine Newsletter unter My{brand}: {profile}.',
    expiredTitle: 'Dieser Link ist abgelaufen',
    expired:
      'Ein Abmeldelink funktioniert {days} Tage lang. Nutze den Link einer neueren Mail oder wähle deine Newsletter unter My{brand}: {profile}.',
    home: 'Zu {brand}',
    mailFooter:
      'Du bekommst diese Mail, weil du den Newsletter {name} von {brand} abonniert hast. Mit einem Klick abmelden:',
  },
  nl: {
    unsubscribedTitle: 'Je bent afgemeld',
    unsubscribed:
      'Je krijgt {count, plural, one {de nieuwsbrief} other {de nieuwsbrieven}} {names} van {brand} niet meer.',
    resubscribe: 'Toch van gedachten veranderd? Kies je nieuwsbrieven opnieuw onder My{brand}: {profile}.',
    invalidTitle: 'Deze link werkt niet',
    invalid:
      'Deze afmeldlink is onvolledig of ongeldig. Open de link in de mail nog eens, of kies je nieuwsbrieven onder My{brand}: {profile}.',
    expiredTitle: 'Deze link is verlopen',
    expired:
      'Een afmeldlink werkt {days} dagen. Gebruik de link in een nieuwere mail, of kies je nieuwsbrieven onder My{brand}: {profile}.',
    home: 'Naar {brand}',
    mailFooter:
      'Je krijgt deze mail omdat je je hebt aangemeld voor de nieuwsbrief {name} van {brand}. Met één klik afmelden:',
  },
  es: {
    unsubscribedTitle: 'Te has dado de baja',
    unsubscribed:
      'Ya no recibirás {count, plural, one {el boletín} other {los boletines}} {names} de {brand}.',
    resubscribe: '¿Has cambiado de idea? Vuelve a elegir tus boletines en My{brand}: {profile}.',
    invalidTitle: 'Este enlace no funciona',
    invalid:
      'Este enlace para darte de baja está incompleto o no es válido. Vuelve a abrir el enlace del correo o elige tus boletines en My{brand}: {profile}.',
    expiredTitle: 'Este enlace ha caducado',
    expired:
      'Un enlace para darte de baja funciona durante {days} días. Usa el enlace de un correo más reciente o elige tus boletines en My{brand}: {profile}.',
    home: 'Ir a {brand}',
    mailFooter:
      'Recibes este correo porque te suscribiste al boletín {name} de {brand}. Date de baja con un clic:',
  },
});
