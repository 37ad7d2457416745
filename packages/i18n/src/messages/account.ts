/**
 * UI strings of the guest account on the pages: payment dialog host, restriction notices, the
 * age-check and login modals (es-avs, sexole-login, avs), FSK-18 placeholders and Lindemann.
 */
import { defineMessages } from '../translate.ts';

export const accountMessages = defineMessages({
  en: {
    dialogTitle: 'Payment and account dialog',
    dialogLoading: 'Loading…',
    noticeLoginDisabled: 'Log in and sign up are switched off at the moment. Please try again later.',
    noticePurchaseUnavailable: 'Buying this is not possible here yet.',
    noticeDialogBlocked: 'The dialog could not open a new tab. Please allow pop-ups for this site.',
    dismiss: 'Dismiss',
    close: 'Close',
    logIn: 'Log in',
    signUp: 'Sign up',
    fsk18Badge: '18+',
    fsk18Text: 'Adults only',
    verifyYourAge: 'Verify your age',
    esAvsTitle: 'Are you 18 or older?',
    esAvsBody: '{brand} shows content for adults only. Please confirm your age to continue.',
    esAvsYes: 'Yes, I am 18 or older',
    esAvsNo: 'No',
    esAvsDeniedTitle: 'You may not use this site',
    esAvsDeniedBody:
      '{brand} is only for adults. You can read how we handle your data on the data protection page.',
    esAvsDeniedLink: 'Data protection',
    esAvsChangeAnswer: 'I answered wrongly, I am 18 or older',
    adultTitle: 'Welcome to {brand}',
    adultBody:
      'Log in with your {brand} account to continue where you left off, or create a free account in a minute.',
    avsTitle: 'Age verification',
    avsBody:
      'Content rated 18 is shown only after we have verified your age. Send your details once; an operator checks them and we let you know.',
    avsStart: 'Verify my age',
    avsLoginFirst: 'Log in first to verify your age.',
    lindemannTitle: '{brand} × Lindemann',
    lindemannText:
      'Log in or create your free account. Right after the login we take you to the {brand} home page.',
    lindemannLoggedIn: 'You are logged in as {name}.',
    lindemannGoHome: 'Go to the home page',
  },
  de: {
    dialogTitle: 'Zahlungs- und Kontodialog',
    dialogLoading: 'Wird geladen…',
    noticeLoginDisabled:
      'Login und Registrierung sind im Moment abgeschaltet. Bitte versuche es später erneut.',
    noticePurchaseUnavailable: 'Das kann hier noch nicht gekauft werden.',
    noticeDialogBlocked: 'Der Dialog konnte keinen neuen Tab öffnen. Bitte erlaube Pop-ups für diese Seite.',
    dismiss: 'Ausblenden',
    close: 'Schließen',
    logIn: 'Einloggen',
    signUp: 'Registrieren',
    fsk18Badge: '18+',
    fsk18Text: 'Nur für Erwachsene',
    verifyYourAge: 'Alter verifizieren',
    esAvsTitle: 'Bist du 18 oder älter?',
    esAvsBody: '{brand} zeigt Inhalte nur für Erwachsene. Bitte bestätige dein Alter, um fortzufahren.',
    esAvsYes: 'Ja, ich bin 18 oder älter',
    esAvsNo: 'Nein',
    esAvsDeniedTitle: 'Du darfst diese Seite nicht nutzen',
    esAvsDeniedBody:
      '{brand} ist nur für Erwachsene. Wie wir mit deinen Daten umgehen, liest du auf der Datenschutzseite.',
    esAvsDeniedLink: 'Datenschutz',
    esAvsChangeAnswer: 'Ich habe mich vertan, ich bin 18 oder älter',
    adultTitle: 'Willkommen bei {brand}',
    adultBody:
      'Logge dich mit deinem {brand}-Konto ein, um weiterzumachen, oder erstelle in einer Minute ein kostenloses Konto.',
    avsTitle: 'Altersverifikation',
    avsBody:
      'Inhalte ab 18 zeigen wir erst, wenn dein Alter verifiziert ist. Sende deine Daten einmal; ein Mitarbeiter prüft sie und wir geben dir Bescheid.',
    avsStart: 'Alter jetzt verifizieren',
    avsLoginFirst: 'Logge dich zuerst ein, um dein Alter zu verifizieren.',
    lindemannTitle: '{brand} × Lindemann',
    lindemannText:
      'Logge dich ein oder erstelle dein kostenloses Konto. Direkt nach dem Login geht es weiter zur {brand}-Startseite.',
    lindemannLoggedIn: 'Du bist als {name} eingeloggt.',
    lindemannGoHome: 'Zur Startseite',
  },
  nl: {
    dialogTitle: 'Betaal- en accountvenster',
    dialogLoading: 'Bezig met laden…',
    noticeLoginDisabled:
      'Inloggen en registreren zijn op dit moment uitgeschakeld. Probeer het later opnieuw.',
    noticePurchaseUnavailable: 'Dit kan hier nog niet gekocht worden.',
    noticeDialogBlocked: 'Het venster kon geen nieuw tabblad openen. Sta pop-ups toe voor deze site.',
    dismiss: 'Verbergen',
    close: 'Sluiten',
    logIn: 'Inloggen',
    signUp: 'Registreren',
    fsk18Badge: '18+',
    fsk18Text: 'Alleen voor volwassenen',
    verifyYourAge: 'Verifieer je leeftijd',
    esAvsTitle: 'Ben je 18 jaar of ouder?',
    esAvsBody: '{brand} toont alleen inhoud voor volwassenen. Bevestig je leeftijd om verder te gaan.',
    esAvsYes: 'Ja, ik ben 18 of ouder',
    esAvsNo: 'Nee',
    esAvsDeniedTitle: 'Je mag deze site niet gebruiken',
    esAvsDeniedBody:
      '{brand} is alleen voor volwassenen. Hoe we met je gegevens omgaan, lees je op de privacypagina.',
    esAvsDeniedLink: 'Privacy',
    esAvsChangeAnswer: 'Ik heb me vergist, ik ben 18 of ouder',
    adultTitle: 'Welkom bij {brand}',
    adultBody:
      'Log in met je {brand}-account om verder te gaan waar je was, of maak in een minuut een gratis account aan.',
    avsTitle: 'Leeftijdsverificatie',
    avsBody:
      'Inhoud voor 18+ tonen we pas als je leeftijd is geverifieerd. Stuur je gegevens één keer; een medewerker controleert ze en we laten het je weten.',
    avsStart: 'Verifieer mijn leeftijd',
    avsLoginFirst: 'Log eerst in om je leeftijd te verifiëren.',
    lindemannTitle: '{brand} × Lindemann',
    lindemannText:
      'Log in of maak je gratis account aan. Direct na het inloggen brengen we je naar de startpagina van {brand}.',
    lindemannLoggedIn: 'Je bent ingelogd als {name}.',
    lindemannGoHome: 'Naar de startpagina',
  },
  es: {
    dialogTitle: 'Diálogo de pago y cuenta',
    dialogLoading: 'Cargando…',
    noticeLoginDisabled:
      'El inicio de sesión y el registro están desactivados en este momento. Inténtalo de nuevo más tarde.',
    noticePurchaseUnavailable: 'Todavía no es posible comprar esto aquí.',
    noticeDialogBlocked:
      'El diálogo no ha podido abrir una pestaña nueva. Permite las ventanas emergentes para este sitio.',
    dismiss: 'Ocultar',
    close: 'Cerrar',
    logIn: 'Iniciar sesión',
    signUp: 'Registrarse',
    fsk18Badge: '18+',
    fsk18Text: 'Solo para adultos',
    verifyYourAge: 'Verifica tu edad',
    esAvsTitle: '¿Tienes 18 años o más?',
    esAvsBody: '{brand} muestra contenido solo para adultos. Confirma tu edad para continuar.',
    esAvsYes: 'Sí, tengo 18 años o más',
    esAvsNo: 'No',
    esAvsDeniedTitle: 'No puedes usar este sitio',
    esAvsDeniedBody:
      '{brand} es solo para adultos. Puedes leer cómo tratamos tus datos en la página de protección de datos.',
    esAvsDeniedLink: 'Protección de datos',
    esAvsChangeAnswer: 'Me he equivocado, tengo 18 años o más',
    adultTitle: 'Bienvenido a {brand}',
    adultBody:
      'Inicia sesión con tu cuenta de {brand} para seguir donde lo dejaste, o crea una cuenta gratuita en un minuto.',
    avsTitle: 'Verificación de edad',
    avsBody:
      'El contenido para mayores de 18 solo se muestra cuando hemos verificado tu edad. Envía tus datos una vez; un operador los revisa y te avisamos.',
    avsStart: 'Verificar mi edad',
    avsLoginFirst: 'Inicia sesión primero para verificar tu edad.',
    lindemannTitle: '{brand} × Lindemann',
    lindemannText:
      'Inicia sesión o crea tu cuenta gratuita. Justo después de iniciar sesión te llevamos a la página de inicio de {brand}.',
    lindemannLoggedIn: 'Has iniciado sesión como {name}.',
    lindemannGoHome: 'Ir a la página de inicio',
  },
});

export type AccountMessageKey = keyof (typeof accountMessages)['en'];
