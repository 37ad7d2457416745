/**
 * The performer broadcast page (issue 16, decision 0038 part 7; docs/PERFORMER-API.md): a performer's
 * camera in the browser becomes the performer's live source. Served by the server as a small page.
 */
import { defineMessages } from '../translate.ts';

export const performerBroadcastMessages = defineMessages({
  en: {
    title: 'Go live',
    intro:
      'Enter your performer token and start your camera. Your viewers then see it instead of the test picture.',
    token: 'Performer token',
    start: 'Start camera',
    stop: 'Stop',
    idle: 'Not live.',
    connecting: 'Connecting…',
    live: 'Live: your camera is on air.',
    lost: 'The connection was lost. Start the camera again.',
    noCamera: 'No camera is available, or access to it was refused.',
    failed: 'Not live: {reason}',
  },
  de: {
    title: 'Live gehen',
    intro:
      'Gib dein Performer-Token ein und starte deine Kamera. Deine Zuschauer sehen dann deine Kamera statt des Testbilds.',
    token: 'Performer-Token',
    start: 'Kamera starten',
    stop: 'Beenden',
    idle: 'Nicht live.',
    connecting: 'Verbinde…',
    live: 'Live: deine Kamera ist auf Sendung.',
    lost: 'Die Verbindung ist abgebrochen. Starte die Kamera erneut.',
    noCamera: 'Keine Kamera verfügbar, oder der Zugriff wurde verweigert.',
    failed: 'Nicht live: {reason}',
  },
  nl: {
    title: 'Live gaan',
    intro:
      'Voer je performer-token in en start je camera. Je kijkers zien dan je camera in plaats van het testbeeld.',
    token: 'Performer-token',
    start: 'Camera starten',
    stop: 'Stoppen',
    idle: 'Niet live.',
    connecting: 'Verbinden…',
    live: 'Live: je camera is in de lucht.',
    lost: 'De verbinding is verbroken. Start de camera opnieuw.',
    noCamera: 'Geen camera beschikbaar, of de toegang is geweigerd.',
    failed: 'Niet live: {reason}',
  },
  es: {
    title: 'Emitir en directo',
    intro:
      'Introduce tu token de performer e inicia tu cámara. Tus espectadores la verán en lugar de la imagen de prueba.',
    token: 'Token de performer',
    start: 'Iniciar cámara',
    stop: 'Detener',
    idle: 'No estás en directo.',
    connecting: 'Conectando…',
    live: 'En directo: tu cámara está emitiendo.',
    lost: 'Se perdió la conexión. Inicia la cámara de nuevo.',
    noCamera: 'No hay ninguna cámara disponible o se denegó el acceso.',
    failed: 'No estás en directo: {reason}',
  },
});
