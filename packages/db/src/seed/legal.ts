/**
 * Generic legal texts (privacy policy, terms, imprint) of the fictional operator "Vela Media
 * GmbH". Static, sanitized HTML: headings, paragraphs and lists only, no scripts, no styles.
 */
import type { Language } from '@vela/contracts/common';

export type LegalType = 'PP' | 'GTC' | 'IMP';

const OPERATOR = {
  name: 'Vela Media GmbH',
  street: 'Musterstraße 12',
  city: '10115 Berlin',
  register: 'HRB 000000 B',
  court: 'Amtsgericht Charlottenburg',
  vat: 'DE000000000',
  email: 'legal@vela.invalid',
  ceo: 'Geschäftsführung der Vela Media GmbH',
};

type Section = [heading: string, ...paragraphs: string[]];

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The body of a legal text; its title and version are fields of the text (spec 3) that the pages render. */
function render(sections: Section[]): string {
  const body = sections
    .map(
      ([heading, ...paragraphs]) =>
        `<section><h2>${escapeHtml(heading)}</h2>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</section>`,
    )
    .join('');
  return `<article>${body}</article>`;
}

const address = `${OPERATOR.name}, ${OPERATOR.street}, ${OPERATOR.city}`;

const TEXTS: Record<Language, Record<LegalType, { sections: Section[] }>> = {
  en: {
    PP: {
      sections: [
        ['1. Controller', `The controller responsible for processing your personal data is ${address}.`],
        [
          '2. Data we process',
          'We process the data you give us when you register (screen name, email address, password hash), data about your purchases and balance, and technical data needed to deliver the website (IP address, browser type, time of access).',
          'Payment data is processed by our payment service provider; we do not store full card numbers.',
        ],
        [
          '3. Purposes and legal bases',
          'We process your data to perform the contract with you (Art. 6(1)(b) GDPR), to meet legal obligations such as tax retention and age verification (Art. 6(1)(c) GDPR), and, with your consent, for analytics (Art. 6(1)(a) GDPR).',
        ],
        [
          '4. Cookies',
          'Necessary cookies keep you logged in and remember your settings. Functional cookies store your recent searches. Analytics cookies are only set after you have agreed to them; you can withdraw your consent at any time in the cookie settings.',
        ],
        [
          '5. Storage period',
          'We delete your data when it is no longer needed for the purposes above, unless statutory retention periods apply.',
        ],
        [
          '6. Your rights',
          `You have the right to access, rectification, erasure, restriction of processing, data portability and objection. Contact us at ${OPERATOR.email}. You may also lodge a complaint with a data protection supervisory authority.`,
        ],
      ],
    },
    GTC: {
      sections: [
        ['1. Scope', `These terms apply to all use of the platform operated by ${address}.`],
        [
          '2. Eligibility',
          'The platform is only available to adults. Access to content rated 18 requires a successful age verification.',
        ],
        [
          '3. Account',
          'You must keep your login data secret. Each person may hold only one account. We may lock accounts that break these terms.',
        ],
        [
          '4. Prices and payment',
          'Prices are shown in coins; 1 euro equals 4 coins. Chat prices are charged per minute, video and album prices once per purchase. Your balance cannot become negative.',
        ],
        [
          '5. Right of withdrawal',
          'For digital content the right of withdrawal expires once delivery has begun with your express consent.',
        ],
        [
          '6. Liability',
          'We are liable without limitation for intent and gross negligence. Otherwise our liability is limited to foreseeable damage typical for the contract.',
        ],
        ['7. Final provisions', 'The law of the Federal Republic of Germany applies.'],
      ],
    },
    IMP: {
      sections: [
        ['Provider', OPERATOR.name, OPERATOR.street, OPERATOR.city],
        ['Contact', `Email: ${OPERATOR.email}`],
        ['Register', `${OPERATOR.court}, ${OPERATOR.register}`, `VAT ID: ${OPERATOR.vat}`],
        ['Represented by', OPERATOR.ceo],
      ],
    },
  },
  de: {
    PP: {
      sections: [
        ['1. Verantwortlicher', `Verantwortlich für die Verarbeitung Ihrer Daten ist die ${address}.`],
        [
          '2. Verarbeitete Daten',
          'Wir verarbeiten die Daten, die Sie bei der Registrierung angeben (Nickname, E-Mail-Adresse, Passwort-Hash), Daten zu Käufen und Guthaben sowie technische Daten zur Auslieferung der Website (IP-Adresse, Browsertyp, Zugriffszeit).',
          'Zahlungsdaten verarbeitet unser Zahlungsdienstleister; vollständige Kartennummern speichern wir nicht.',
        ],
        [
          '3. Zwecke und Rechtsgrundlagen',
          'Wir verarbeiten Ihre Daten zur Vertragserfüllung (Art. 6 Abs. 1 lit. b DSGVO), zur Erfüllung gesetzlicher Pflichten wie Aufbewahrung und Altersverifikation (Art. 6 Abs. 1 lit. c DSGVO) und mit Ihrer Einwilligung für Statistik (Art. 6 Abs. 1 lit. a DSGVO).',
        ],
        [
          '4. Cookies',
          'Notwendige Cookies halten Sie angemeldet und speichern Ihre Einstellungen. Funktionale Cookies speichern Ihre letzten Suchen. Statistik-Cookies setzen wir erst nach Ihrer Einwilligung, die Sie jederzeit in den Cookie-Einstellungen widerrufen können.',
        ],
        [
          '5. Speicherdauer',
          'Wir löschen Ihre Daten, sobald sie für die genannten Zwecke nicht mehr erforderlich sind, soweit keine gesetzlichen Aufbewahrungsfristen bestehen.',
        ],
        [
          '6. Ihre Rechte',
          `Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Schreiben Sie uns an ${OPERATOR.email}. Sie können sich außerdem bei einer Datenschutz-Aufsichtsbehörde beschweren.`,
        ],
      ],
    },
    GTC: {
      sections: [
        ['§ 1 Geltungsbereich', `Diese AGB gelten für die Nutzung der Plattform der ${address}.`],
        [
          '§ 2 Teilnahme',
          'Die Plattform steht nur Volljährigen offen. Inhalte ab 18 erfordern eine erfolgreiche Altersverifikation.',
        ],
        [
          '§ 3 Konto',
          'Halten Sie Ihre Zugangsdaten geheim. Jede Person darf nur ein Konto führen. Konten, die gegen diese AGB verstoßen, können gesperrt werden.',
        ],
        [
          '§ 4 Preise und Zahlung',
          'Preise werden in Coins angezeigt; 1 Euro entspricht 4 Coins. Chats werden pro Minute abgerechnet, Videos und Alben einmalig pro Kauf. Ihr Guthaben kann nicht negativ werden.',
        ],
        [
          '§ 5 Widerrufsrecht',
          'Bei digitalen Inhalten erlischt das Widerrufsrecht, sobald die Lieferung mit Ihrer ausdrücklichen Zustimmung begonnen hat.',
        ],
        [
          '§ 6 Haftung',
          'Wir haften unbeschränkt für Vorsatz und grobe Fahrlässigkeit, im Übrigen begrenzt auf den vertragstypischen, vorhersehbaren Schaden.',
        ],
        ['§ 7 Schlussbestimmungen', 'Es gilt das Recht der Bundesrepublik Deutschland.'],
      ],
    },
    IMP: {
      sections: [
        ['Anbieter', OPERATOR.name, OPERATOR.street, OPERATOR.city],
        ['Kontakt', `E-Mail: ${OPERATOR.email}`],
        ['Registereintrag', `${OPERATOR.court}, ${OPERATOR.register}`, `USt-IdNr.: ${OPERATOR.vat}`],
        ['Vertreten durch', OPERATOR.ceo],
      ],
    },
  },
  nl: {
    PP: {
      sections: [
        [
          '1. Verwerkingsverantwoordelijke',
          `Verantwoordelijk voor de verwerking van uw gegevens is ${address}.`,
        ],
        [
          '2. Gegevens die wij verwerken',
          'Wij verwerken de gegevens die u bij registratie opgeeft (schermnaam, e-mailadres, wachtwoord-hash), gegevens over aankopen en tegoed, en technische gegevens om de website te leveren (IP-adres, browsertype, tijdstip van toegang).',
          'Betaalgegevens worden verwerkt door onze betaaldienstverlener; volledige kaartnummers slaan wij niet op.',
        ],
        [
          '3. Doeleinden en rechtsgronden',
          'Wij verwerken uw gegevens om de overeenkomst uit te voeren (art. 6 lid 1 onder b AVG), om wettelijke verplichtingen na te komen zoals bewaarplicht en leeftijdsverificatie (art. 6 lid 1 onder c AVG) en, met uw toestemming, voor statistiek (art. 6 lid 1 onder a AVG).',
        ],
        [
          '4. Cookies',
          'Noodzakelijke cookies houden u ingelogd en onthouden uw instellingen. Functionele cookies bewaren uw recente zoekopdrachten. Analytische cookies plaatsen wij pas na uw toestemming, die u altijd kunt intrekken.',
        ],
        [
          '5. Bewaartermijn',
          'Wij verwijderen uw gegevens zodra ze niet meer nodig zijn, tenzij wettelijke bewaartermijnen gelden.',
        ],
        [
          '6. Uw rechten',
          `U hebt recht op inzage, rectificatie, wissing, beperking, overdraagbaarheid en bezwaar. Neem contact op via ${OPERATOR.email}. U kunt ook een klacht indienen bij een toezichthoudende autoriteit.`,
        ],
      ],
    },
    GTC: {
      sections: [
        ['1. Toepassingsgebied', `Deze voorwaarden gelden voor elk gebruik van het platform van ${address}.`],
        [
          '2. Toegang',
          'Het platform is alleen voor volwassenen. Inhoud met leeftijdsclassificatie 18 vereist een geslaagde leeftijdsverificatie.',
        ],
        [
          '3. Account',
          'Houd uw inloggegevens geheim. Iedere persoon mag slechts één account hebben. Accounts die deze voorwaarden schenden, kunnen worden geblokkeerd.',
        ],
        [
          '4. Prijzen en betaling',
          'Prijzen worden in coins getoond; 1 euro is 4 coins. Chats worden per minuut afgerekend, video’s en albums eenmalig per aankoop. Uw tegoed kan niet negatief worden.',
        ],
        [
          '5. Herroepingsrecht',
          'Bij digitale inhoud vervalt het herroepingsrecht zodra de levering met uw uitdrukkelijke toestemming is begonnen.',
        ],
        [
          '6. Aansprakelijkheid',
          'Wij zijn onbeperkt aansprakelijk bij opzet en grove nalatigheid, verder beperkt tot voorzienbare, voor de overeenkomst typische schade.',
        ],
        ['7. Slotbepalingen', 'Het recht van de Bondsrepubliek Duitsland is van toepassing.'],
      ],
    },
    IMP: {
      sections: [
        ['Aanbieder', OPERATOR.name, OPERATOR.street, OPERATOR.city],
        ['Contact', `E-mail: ${OPERATOR.email}`],
        ['Handelsregister', `${OPERATOR.court}, ${OPERATOR.register}`, `Btw-nummer: ${OPERATOR.vat}`],
        ['Vertegenwoordigd door', OPERATOR.ceo],
      ],
    },
  },
  es: {
    PP: {
      sections: [
        ['1. Responsable', `El responsable del tratamiento de sus datos es ${address}.`],
        [
          '2. Datos que tratamos',
          'Tratamos los datos que nos facilita al registrarse (nombre de usuario, correo electrónico, hash de la contraseña), los datos de sus compras y saldo, y los datos técnicos necesarios para ofrecer el sitio web (dirección IP, tipo de navegador, hora de acceso).',
          'Los datos de pago los trata nuestro proveedor de pagos; no almacenamos números de tarjeta completos.',
        ],
        [
          '3. Finalidades y bases jurídicas',
          'Tratamos sus datos para ejecutar el contrato (art. 6.1.b RGPD), para cumplir obligaciones legales como la conservación y la verificación de edad (art. 6.1.c RGPD) y, con su consentimiento, para estadísticas (art. 6.1.a RGPD).',
        ],
        [
          '4. Cookies',
          'Las cookies necesarias mantienen su sesión y sus ajustes. Las cookies funcionales guardan sus búsquedas recientes. Las cookies analíticas solo se instalan con su consentimiento, que puede retirar en cualquier momento.',
        ],
        [
          '5. Plazo de conservación',
          'Eliminamos sus datos cuando ya no son necesarios, salvo que existan plazos legales de conservación.',
        ],
        [
          '6. Sus derechos',
          `Tiene derecho de acceso, rectificación, supresión, limitación, portabilidad y oposición. Escríbanos a ${OPERATOR.email}. También puede presentar una reclamación ante una autoridad de control.`,
        ],
      ],
    },
    GTC: {
      sections: [
        ['1. Ámbito', `Estas condiciones se aplican a todo uso de la plataforma de ${address}.`],
        [
          '2. Acceso',
          'La plataforma es solo para mayores de edad. El contenido para mayores de 18 requiere una verificación de edad superada.',
        ],
        [
          '3. Cuenta',
          'Mantenga en secreto sus datos de acceso. Cada persona puede tener una sola cuenta. Podemos bloquear las cuentas que incumplan estas condiciones.',
        ],
        [
          '4. Precios y pago',
          'Los precios se muestran en monedas; 1 euro equivale a 4 monedas. Los chats se cobran por minuto; los vídeos y álbumes, una vez por compra. Su saldo no puede ser negativo.',
        ],
        [
          '5. Derecho de desistimiento',
          'En los contenidos digitales el derecho de desistimiento se extingue cuando la entrega comienza con su consentimiento expreso.',
        ],
        [
          '6. Responsabilidad',
          'Respondemos sin límite por dolo y negligencia grave; en los demás casos, hasta el daño previsible típico del contrato.',
        ],
        ['7. Disposiciones finales', 'Se aplica el derecho de la República Federal de Alemania.'],
      ],
    },
    IMP: {
      sections: [
        ['Proveedor', OPERATOR.name, OPERATOR.street, OPERATOR.city],
        ['Contacto', `Correo electrónico: ${OPERATOR.email}`],
        ['Registro', `${OPERATOR.court}, ${OPERATOR.register}`, `NIF-IVA: ${OPERATOR.vat}`],
        ['Representada por', OPERATOR.ceo],
      ],
    },
  },
};

export function legalHtml(type: LegalType, lang: Language): string {
  return render(TEXTS[lang][type].sections);
}

export const LEGAL_PRODUCT = 'vela';
