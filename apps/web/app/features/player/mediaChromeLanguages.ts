/**
 * The player controls' own words (their aria-labels and tooltips) in the page languages: media-chrome
 * ships German and Spanish (imported here, they register themselves) and English; Dutch is added for
 * the controls the player shows. The controller's `lang` picks the language.
 */
import 'media-chrome/dist/lang/de.js';
import 'media-chrome/dist/lang/es.js';
import { addTranslation } from 'media-chrome/dist/utils/i18n.js';

addTranslation('nl', {
  'Enter fullscreen mode': 'Volledig scherm openen',
  'Exit fullscreen mode': 'Volledig scherm sluiten',
  Mute: 'Dempen',
  Unmute: 'Geluid aan',
  Play: 'Afspelen',
  Pause: 'Pauzeren',
  'video player': 'videospeler',
  volume: 'volume',
  seek: 'zoeken',
  'playback time': 'afspeeltijd',
  'media loading': 'media wordt geladen',
  play: 'afspelen',
  pause: 'pauzeren',
  mute: 'dempen',
  unmute: 'geluid aan',
  'enter fullscreen mode': 'volledig scherm openen',
  'exit fullscreen mode': 'volledig scherm sluiten',
  hour: 'uur',
  hours: 'uur',
  minute: 'minuut',
  minutes: 'minuten',
  second: 'seconde',
  seconds: 'seconden',
  '{time} remaining': 'nog {time}',
  '{currentTime} of {totalTime}': '{currentTime} van {totalTime}',
  'video not loaded, unknown time.': 'video niet geladen, tijd onbekend.',
});
