/**
 * The demo's simulated performers' messenger answers (issue 19 deliverable 5, decision 0054): the
 * activity simulator answers a guest's messenger message with one of these, in the guest's page
 * language at send (never the same text twice in a row in a channel); a gift gets a thank-you, a toy
 * action a short reaction, a paid photo comes with a caption. Server-side only: they reach the page as
 * the performer's messages.
 */
import { defineMessages } from '../translate.ts';

/** The texts the simulator picks from for a text message. */
export const MESSENGER_REPLY_KEYS = ['reply1', 'reply2', 'reply3', 'reply4', 'reply5', 'reply6'] as const;
/** The thank-yous for a gift. */
export const MESSENGER_GIFT_THANKS_KEYS = ['thanksGift1', 'thanksGift2', 'thanksGift3'] as const;
/** The captions of a paid photo. */
export const MESSENGER_PHOTO_KEYS = ['photo1', 'photo2'] as const;
/** The captions of a paid clip. */
export const MESSENGER_CLIP_KEYS = ['clip1', 'clip2'] as const;
/** The reactions to a guest's toy action the toy carried out (messenger toy control). */
export const MESSENGER_TOY_REACTION_KEYS = ['toyFelt1', 'toyFelt2', 'toyFelt3', 'toyFelt4'] as const;

export const messengerReplyMessages = defineMessages({
  en: {
    reply1: 'Hey, thanks for writing to me! How are you today?',
    reply2: 'So nice to hear from you. What are you up to right now?',
    reply3: 'I just read your message and had to smile. Tell me more!',
    reply4: 'Sorry for the short wait, I was getting ready. What is on your mind?',
    reply5: 'I like our little chats. Will you come to my cam later?',
    reply6: 'Good to see you here again. What would you like to know about me?',
    thanksGift1: 'Wow, a gift for me? Thank you so much, you made my day!',
    thanksGift2: 'Thank you for the lovely gift, that is really sweet of you!',
    thanksGift3: 'Aww, I love it! Thank you for thinking of me.',
    photo1: 'I took a new photo just for you. Want to see it?',
    photo2: 'Here is a little something from today. Unlock it if you like!',
    clip1: 'I made a short clip just for you. Want to watch it?',
    clip2: 'A little video from today, only for you. Unlock it if you like!',
    toyFelt1: 'Mmh, I felt that!',
    toyFelt2: 'Oh! That tickles in the best way.',
    toyFelt3: 'You know just how to make me smile.',
    toyFelt4: 'Ooh, what a surprise! Do it again?',
  },
  de: {
    reply1: 'Hey, danke, dass du mir schreibst! Wie geht es dir heute?',
    reply2: 'Schön, von dir zu hören. Was machst du gerade?',
    reply3: 'Ich habe deine Nachricht gelesen und musste lächeln. Erzähl mir mehr!',
    reply4: 'Sorry, dass du kurz warten musstest, ich habe mich fertig gemacht. Was denkst du gerade?',
    reply5: 'Ich mag unsere kleinen Chats. Kommst du später in meine Cam?',
    reply6: 'Schön, dich wieder hier zu sehen. Was möchtest du über mich wissen?',
    thanksGift1: 'Wow, ein Geschenk für mich? Vielen Dank, du hast mir den Tag versüßt!',
    thanksGift2: 'Danke für das schöne Geschenk, das ist wirklich lieb von dir!',
    thanksGift3: 'Oh, das gefällt mir! Danke, dass du an mich denkst.',
    photo1: 'Ich habe ein neues Foto nur für dich gemacht. Willst du es sehen?',
    photo2: 'Hier ist eine Kleinigkeit von heute. Schalte sie frei, wenn du magst!',
    clip1: 'Ich habe einen kurzen Clip nur für dich gedreht. Willst du ihn sehen?',
    clip2: 'Ein kleines Video von heute, nur für dich. Schalte es frei, wenn du magst!',
    toyFelt1: 'Mmh, das habe ich gespürt!',
    toyFelt2: 'Oh! Das kitzelt genau richtig.',
    toyFelt3: 'Du weißt genau, wie du mich zum Lächeln bringst.',
    toyFelt4: 'Ooh, was für eine Überraschung! Nochmal?',
  },
  nl: {
    reply1: 'Hé, bedankt dat je me schrijft! Hoe gaat het vandaag met je?',
    reply2: 'Leuk om van je te horen. Waar ben je nu mee bezig?',
    reply3: 'Ik las net je bericht en moest glimlachen. Vertel me meer!',
    reply4: 'Sorry voor het korte wachten, ik was me aan het klaarmaken. Waar denk je aan?',
    reply5: 'Ik vind onze kleine chats leuk. Kom je straks naar mijn cam?',
    reply6: 'Fijn je hier weer te zien. Wat wil je over mij weten?',
    thanksGift1: 'Wauw, een cadeau voor mij? Heel erg bedankt, je hebt mijn dag goedgemaakt!',
    thanksGift2: 'Bedankt voor het mooie cadeau, echt lief van je!',
    thanksGift3: 'Aww, wat leuk! Bedankt dat je aan me denkt.',
    photo1: 'Ik heb een nieuwe foto speciaal voor jou gemaakt. Wil je hem zien?',
    photo2: 'Hier is iets kleins van vandaag. Ontgrendel het als je wilt!',
    clip1: 'Ik heb een korte clip speciaal voor jou gemaakt. Wil je hem bekijken?',
    clip2: 'Een kleine video van vandaag, alleen voor jou. Ontgrendel hem als je wilt!',
    toyFelt1: 'Mmm, dat voelde ik!',
    toyFelt2: 'Oh! Dat kriebelt precies goed.',
    toyFelt3: 'Jij weet precies hoe je me laat glimlachen.',
    toyFelt4: 'Ooh, wat een verrassing! Nog een keer?',
  },
  es: {
    reply1: '¡Hola, gracias por escribirme! ¿Cómo estás hoy?',
    reply2: 'Qué bien saber de ti. ¿Qué estás haciendo ahora?',
    reply3: 'Acabo de leer tu mensaje y me hizo sonreír. ¡Cuéntame más!',
    reply4: 'Perdona la espera, me estaba arreglando. ¿En qué estás pensando?',
    reply5: 'Me gustan nuestras pequeñas charlas. ¿Vienes luego a mi cam?',
    reply6: 'Qué bien verte por aquí otra vez. ¿Qué te gustaría saber de mí?',
    thanksGift1: '¡Vaya! ¿Un regalo para mí? ¡Muchas gracias, me has alegrado el día!',
    thanksGift2: '¡Gracias por el regalo tan bonito, qué detalle!',
    thanksGift3: '¡Oh, me encanta! Gracias por pensar en mí.',
    photo1: 'Me hice una foto nueva solo para ti. ¿Quieres verla?',
    photo2: 'Aquí tienes algo de hoy. ¡Desbloquéalo si te apetece!',
    clip1: 'Grabé un clip corto solo para ti. ¿Quieres verlo?',
    clip2: 'Un pequeño vídeo de hoy, solo para ti. ¡Desbloquéalo si te apetece!',
    toyFelt1: '¡Mmm, eso lo he sentido!',
    toyFelt2: '¡Oh! Eso me hace unas cosquillas perfectas.',
    toyFelt3: 'Sabes muy bien cómo sacarme una sonrisa.',
    toyFelt4: '¡Ooh, qué sorpresa! ¿Otra vez?',
  },
});
