/**
 * Strings of the web push switch in the notifications menu (apps/web features/webpush): its button,
 * its state, and what a person can do when push cannot be turned on.
 */
import { defineMessages } from '../translate.ts';

export const webPushMessages = defineMessages({
  en: {
    title: 'Push notifications',
    turnOn: 'Turn on push notifications',
    turnOff: 'Turn off push notifications',
    working: 'One moment…',
    stateOn: 'Push notifications are on in this browser.',
    stateOff: 'Get a notification in this browser even when {brand} is closed.',
    unsupported:
      'This browser cannot show push notifications. Use a current Chrome, Edge, Firefox or Safari; on an iPhone or iPad, add {brand} to the home screen first.',
    denied:
      'Notifications are blocked for {brand} in this browser. Allow them in the site settings (the icon next to the address), then reload this page.',
    dismissed: 'You did not allow notifications. Press the button again if you want them.',
    notLoggedIn: 'Log in to turn on push notifications.',
    failed: 'Push notifications could not be changed. Check your connection and try again.',
  },
  de: {
    title: 'Push-Benachrichtigungen',
    turnOn: 'Push-Benachrichtigungen einschalten',
    turnOff: 'Push-Benachrichtigungen ausschalten',
    working: 'Einen Moment…',
    stateOn: 'Push-Benachrichtigungen sind in diesem Browser eingeschaltet.',
    stateOff: 'Erhalte Benachrichtigungen in diesem Browser, auch wenn {brand} geschlossen ist.',
    unsupported:
      'Dieser Browser kann keine Push-Benachrichtigungen anzeigen. Nutze ein aktuelles Chrome, Edge, Firefox oder Safari; auf iPhone oder iPad füge {brand} zuerst zum Home-Bildschirm hinzu.',
    denied:
      'Benachrichtigungen sind für {brand} in diesem Browser blockiert. Erlaube sie in den Website-Einstellungen (das Symbol neben der Adresse) und lade die Seite neu.',
    dismissed: 'Du hast Benachrichtigungen nicht erlaubt. Drücke den Knopf erneut, wenn du sie möchtest.',
    notLoggedIn: 'Melde dich an, um Push-Benachrichtigungen einzuschalten.',
    failed:
      'Push-Benachrichtigungen konnten nicht geändert werden. Prüfe deine Verbindung und versuche es erneut.',
  },
  nl: {
    title: 'Pushmeldingen',
    turnOn: 'Pushmeldingen inschakelen',
    turnOff: 'Pushmeldingen uitschakelen',
    working: 'Een moment…',
    stateOn: 'Pushmeldingen staan aan in deze browser.',
    stateOff: 'Ontvang meldingen in deze browser, ook als {brand} gesloten is.',
    unsupported:
      'Deze browser kan geen pushmeldingen tonen. Gebruik een recente versie van Chrome, Edge, Firefox of Safari; zet {brand} op een iPhone of iPad eerst op het beginscherm.',
    denied:
      'Meldingen van {brand} zijn in deze browser geblokkeerd. Sta ze toe in de website-instellingen (het pictogram naast het adres) en laad deze pagina opnieuw.',
    dismissed: 'Je hebt meldingen niet toegestaan. Druk nogmaals op de knop als je ze wilt.',
    notLoggedIn: 'Log in om pushmeldingen in te schakelen.',
    failed: 'Pushmeldingen konden niet worden gewijzigd. Controleer je verbinding en probeer het opnieuw.',
  },
  es: {
    title: 'Notificaciones push',
    turnOn: 'Activar notificaciones push',
    turnOff: 'Desactivar notificaciones push',
    working: 'Un momento…',
    stateOn: 'Las notificaciones push están activadas en este navegador.',
    stateOff: 'Recibe notificaciones en este navegador aunque {brand} esté cerrado.',
    unsupported:
      'Este navegador no puede mostrar notificaciones push. Usa una versión actual de Chrome, Edge, Firefox o Safari; en iPhone o iPad, añade primero {brand} a la pantalla de inicio.',
    denied:
      'Las notificaciones de {brand} están bloqueadas en este navegador. Permítelas en la configuración del sitio (el icono junto a la dirección) y vuelve a cargar esta página.',
    dismissed: 'No has permitido las notificaciones. Pulsa el botón otra vez si las quieres.',
    notLoggedIn: 'Inicia sesión para activar las notificaciones push.',
    failed: 'No se pudieron cambiar las notificaciones push. Comprueba tu conexión e inténtalo de nuevo.',
  },
});

export type WebPushMessageKey = keyof (typeof webPushMessages)['en'];
