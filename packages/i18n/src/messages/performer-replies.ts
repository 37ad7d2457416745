/**
 * The demo's simulated performers' chat answers (issue 16, decision 0038 part 7): the activity
 * simulator answers a guest's message with one of these, in the guest's page language, picked at
 * random (never the same one twice in a row in a chat). Server-side only; no page shows them as UI.
 */
import { defineMessages } from '../translate.ts';

/**
 * The keys the simulator picks from. `seeYou` is not among them: a simulated performer says it once
 * in a video call, when the guest's camera reaches it.
 */
export const PERFORMER_REPLY_KEYS = [
  'reply1',
  'reply2',
  'reply3',
  'reply4',
  'reply5',
  'reply6',
  'reply7',
  'reply8',
] as const;

export const performerReplyMessages = defineMessages({
  en: {
    reply1: 'Hi, nice to have you here! How is your day going?',
    reply2: 'Thanks for your message. Tell me a bit more about yourself!',
    reply3: 'That sounds good. What would you like to talk about?',
    reply4: 'I am glad you dropped by. Make yourself comfortable.',
    reply5: 'Haha, you made me smile. Where are you writing from?',
    reply6: 'Good question! Let me think about it for a second.',
    reply7: 'I love chatting with you. What else is on your mind?',
    reply8: 'Sorry, I was just adjusting the light. Where were we?',
    seeYou: 'I can see you now on your camera. Hi there!',
    thanksTip: 'Thank you so much for the tip, that is sweet of you!',
    feelToy: 'Oh, I can feel that! My toy is buzzing right now.',
  },
  de: {
    reply1: 'Hallo, schön, dass du da bist! Wie läuft dein Tag?',
    reply2: 'Danke für deine Nachricht. Erzähl mir ein bisschen von dir!',
    reply3: 'Das klingt gut. Worüber möchtest du reden?',
    reply4: 'Ich freue mich, dass du vorbeischaust. Mach es dir gemütlich.',
    reply5: 'Haha, du bringst mich zum Lächeln. Von wo schreibst du?',
    reply6: 'Gute Frage! Lass mich kurz darüber nachdenken.',
    reply7: 'Ich chatte gern mit dir. Was geht dir sonst noch durch den Kopf?',
    reply8: 'Entschuldige, ich habe gerade das Licht eingestellt. Wo waren wir?',
    seeYou: 'Jetzt sehe ich dich über deine Kamera. Hallo du!',
    thanksTip: 'Vielen Dank für das Trinkgeld, das ist lieb von dir!',
    feelToy: 'Oh, das spüre ich! Mein Toy vibriert gerade.',
  },
  nl: {
    reply1: 'Hoi, leuk dat je er bent! Hoe gaat je dag?',
    reply2: 'Bedankt voor je bericht. Vertel me wat meer over jezelf!',
    reply3: 'Dat klinkt goed. Waar wil je over praten?',
    reply4: 'Fijn dat je langskomt. Maak het je gemakkelijk.',
    reply5: 'Haha, je laat me glimlachen. Waar schrijf je vandaan?',
    reply6: 'Goede vraag! Laat me er even over nadenken.',
    reply7: 'Ik chat graag met je. Waar denk je nog meer aan?',
    reply8: 'Sorry, ik was net het licht aan het bijstellen. Waar waren we?',
    seeYou: 'Nu zie ik je via je camera. Hoi!',
    thanksTip: 'Heel erg bedankt voor de fooi, lief van je!',
    feelToy: 'Oh, dat voel ik! Mijn toy trilt nu.',
  },
  es: {
    reply1: '¡Hola, qué bien que estés aquí! ¿Qué tal tu día?',
    reply2: 'Gracias por tu mensaje. ¡Cuéntame un poco sobre ti!',
    reply3: 'Suena bien. ¿De qué te gustaría hablar?',
    reply4: 'Me alegra que hayas pasado. Ponte cómodo.',
    reply5: 'Jaja, me has hecho sonreír. ¿Desde dónde escribes?',
    reply6: '¡Buena pregunta! Déjame pensarlo un momento.',
    reply7: 'Me encanta chatear contigo. ¿Qué más tienes en mente?',
    reply8: 'Perdona, estaba ajustando la luz. ¿Dónde estábamos?',
    seeYou: 'Ahora te veo por tu cámara. ¡Hola!',
    thanksTip: '¡Muchas gracias por la propina, qué detalle!',
    feelToy: '¡Oh, lo siento! Mi juguete está vibrando ahora mismo.',
  },
});
