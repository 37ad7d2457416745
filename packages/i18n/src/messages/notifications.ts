/**
 * Notification texts by type (packages/domain notifications.ts), shared by the page's notification
 * lists and the web push messages so both say the same in every language.
 */
import { defineMessages } from '../translate.ts';

export const notificationMessages = defineMessages({
  en: {
    type1: '{actorName} is online now',
    type3: 'Bonus code {code} redeemed',
    type4:
      '{product, select, vip {Your VIP membership has started} other {Your TV subscription has started}}',
    type5: 'Your age verification was accepted',
    type9: '{text}',
    type10: '{actorName} sent you a message',
    generic: 'You have a new notification',
    pushTitle: '{brand}',
  },
  de: {
    type1: '{actorName} ist jetzt online',
    type3: 'Bonuscode {code} eingelöst',
    type4: '{product, select, vip {Deine VIP-Mitgliedschaft hat begonnen} other {Dein TV-Abo hat begonnen}}',
    type5: 'Deine Altersverifikation wurde bestätigt',
    type9: '{text}',
    type10: '{actorName} hat dir eine Nachricht geschickt',
    generic: 'Du hast eine neue Benachrichtigung',
    pushTitle: '{brand}',
  },
  nl: {
    type1: '{actorName} is nu online',
    type3: 'Bonuscode {code} ingewisseld',
    type4: '{product, select, vip {Je VIP-lidmaatschap is begonnen} other {Je tv-abonnement is begonnen}}',
    type5: 'Je leeftijdsverificatie is goedgekeurd',
    type9: '{text}',
    type10: '{actorName} heeft je een bericht gestuurd',
    generic: 'Je hebt een nieuwe melding',
    pushTitle: '{brand}',
  },
  es: {
    type1: '{actorName} está en línea ahora',
    type3: 'Código de bonificación {code} canjeado',
    type4: '{product, select, vip {Tu membresía VIP ha comenzado} other {Tu suscripción de TV ha comenzado}}',
    type5: 'Tu verificación de edad ha sido aceptada',
    type9: '{text}',
    type10: '{actorName} te ha enviado un mensaje',
    generic: 'Tienes una notificación nueva',
    pushTitle: '{brand}',
  },
});

export type NotificationMessageKey = keyof (typeof notificationMessages)['en'];

/**
 * The message key that renders a notification of `type`. Every language has the keys of English
 * (messages.test.ts); the browser holds the page's language only (decision 0039), so any loaded one answers.
 */
export function notificationMessageKey(type: number): NotificationMessageKey {
  const key = `type${type}`;
  const messages = Object.values(notificationMessages).find(Boolean) ?? {};
  return Object.hasOwn(messages, key) ? (key as NotificationMessageKey) : 'generic';
}
