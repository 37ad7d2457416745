/**
 * Ticket shows on the live page and every page (issue 18): the running show's join / ticket state and
 * the private show invitation (spec 7 `privateTicketShowInvitation`).
 */
import { defineMessages } from '../translate.ts';

export const ticketShowMessages = defineMessages({
  en: {
    running: 'The show "{title}" is on now.',
    join: 'Join the show',
    joining: 'Joining…',
    ticketNeeded: 'A ticket is needed for "{title}". Buy it in the show list below.',
    loading: 'Checking the show…',
    error: 'The show could not be checked.',
    retry: 'Try again',
    started: '{name}\'s show "{title}" has started.',
    invitation: '{name} invites you to a private show',
    invitationOpen: 'Go to the show',
    invitationClose: 'Close',
    tag: 'Ticket show · your ticket paid for it',
  },
  de: {
    running: 'Die Show „{title}“ läuft gerade.',
    join: 'Zur Show',
    joining: 'Verbinde…',
    ticketNeeded: 'Für „{title}“ brauchst du ein Ticket. Du kannst es unten in der Showliste kaufen.',
    loading: 'Show wird geprüft…',
    error: 'Die Show konnte nicht geprüft werden.',
    retry: 'Erneut versuchen',
    started: 'Die Show „{title}“ von {name} hat begonnen.',
    invitation: '{name} lädt dich zu einer privaten Show ein',
    invitationOpen: 'Zur Show',
    invitationClose: 'Schließen',
    tag: 'Ticket-Show · mit deinem Ticket bezahlt',
  },
  nl: {
    running: 'De show "{title}" is nu bezig.',
    join: 'Naar de show',
    joining: 'Verbinden…',
    ticketNeeded: 'Voor "{title}" heb je een ticket nodig. Koop het hieronder in de showlijst.',
    loading: 'Show wordt gecontroleerd…',
    error: 'De show kon niet worden gecontroleerd.',
    retry: 'Opnieuw proberen',
    started: 'De show "{title}" van {name} is begonnen.',
    invitation: '{name} nodigt je uit voor een privéshow',
    invitationOpen: 'Naar de show',
    invitationClose: 'Sluiten',
    tag: 'Ticketshow · betaald met je ticket',
  },
  es: {
    running: 'El show «{title}» está en directo.',
    join: 'Entrar al show',
    joining: 'Conectando…',
    ticketNeeded: 'Necesitas una entrada para «{title}». Cómprala abajo en la lista de shows.',
    loading: 'Comprobando el show…',
    error: 'No se pudo comprobar el show.',
    retry: 'Reintentar',
    started: 'El show «{title}» de {name} ha empezado.',
    invitation: '{name} te invita a un show privado',
    invitationOpen: 'Ir al show',
    invitationClose: 'Cerrar',
    tag: 'Show con entrada · pagado con tu entrada',
  },
});
