/**
 * The sandbox age verification provider's decision page (issue 14: a newcomer must be able to
 * finish the demo). Like the sandbox bank's 3-D Secure page, a small server-rendered page with
 * plain forms, opened from the dialog's AVS view inside its iframe (PAY_ORIGIN may frame it): it
 * shows the pending request as the provider received it and Approve / Reject. The decision goes
 * through the same service path as the operator's (AvsService.decide: events, notification type 5).
 * After the answer a nonce'd script tells the framing dialog (postMessage to PAY_ORIGIN only) so it
 * reads the status at once.
 */
import { escapeHtml, sandboxPageHtml, sandboxPageLanguageOf } from '../../http/sandbox-page.ts';

export const AVS_PAGE_LANGUAGES = ['de', 'en', 'nl', 'es'] as const;
export type AvsPageLanguage = (typeof AVS_PAGE_LANGUAGES)[number];

type DocumentType = 'id-card' | 'passport' | 'driving-licence';

interface Texts {
  title: string;
  intro: string;
  note: string;
  fullName: string;
  birthDate: string;
  document: string;
  documents: Record<DocumentType, string>;
  endingIn: (last4: string) => string;
  reasonLabel: string;
  defaultReason: string;
  approve: string;
  reject: string;
  approved: string;
  rejected: string;
  decided: string;
  invalid: string;
}

const TEXTS: Record<AvsPageLanguage, Texts> = {
  en: {
    title: 'Sandbox age check: decide the request',
    intro: 'The sandbox provider received this age verification request. Approve it or reject it.',
    note: 'This is a test page of the sandbox age verification provider. No document is checked.',
    fullName: 'Full name',
    birthDate: 'Date of birth',
    document: 'Document',
    documents: { 'id-card': 'ID card', passport: 'Passport', 'driving-licence': 'Driving licence' },
    endingIn: (last4) => `ending in ${last4}`,
    reasonLabel: 'Reason for a rejection',
    defaultReason: 'The document could not be read.',
    approve: 'Approve',
    reject: 'Reject',
    approved: 'Age verification approved. You can return to the dialog.',
    rejected: 'Age verification rejected. You can return to the dialog.',
    decided: 'This request has already been decided.',
    invalid: 'This link is not valid. Close it and start the age verification again.',
  },
  de: {
    title: 'Sandbox-Altersprüfung: Anfrage entscheiden',
    intro:
      'Der Sandbox-Anbieter hat diese Anfrage zur Altersverifikation erhalten. Bestätige oder lehne sie ab.',
    note: 'Dies ist eine Testseite des Sandbox-Anbieters für Altersverifikation. Es wird kein Dokument geprüft.',
    fullName: 'Vollständiger Name',
    birthDate: 'Geburtsdatum',
    document: 'Dokument',
    documents: { 'id-card': 'Personalausweis', passport: 'Reisepass', 'driving-licence': 'Führerschein' },
    endingIn: (last4) => `endet auf ${last4}`,
    reasonLabel: 'Grund einer Ablehnung',
    defaultReason: 'Das Dokument konnte nicht gelesen werden.',
    approve: 'Bestätigen',
    reject: 'Ablehnen',
    approved: 'Altersverifikation bestätigt. Du kannst zum Dialog zurückkehren.',
    rejected: 'Altersverifikation abgelehnt. Du kannst zum Dialog zurückkehren.',
    decided: 'Über diese Anfrage wurde bereits entschieden.',
    invalid: 'Dieser Link ist ungültig. Schließe ihn und starte die Altersverifikation erneut.',
  },
  nl: {
    title: 'Sandbox-leeftijdscheck: verzoek beoordelen',
    intro:
      'De sandboxprovider heeft dit verzoek om leeftijdsverificatie ontvangen. Keur het goed of wijs het af.',
    note: 'Dit is een testpagina van de sandboxprovider voor leeftijdsverificatie. Er wordt geen document gecontroleerd.',
    fullName: 'Volledige naam',
    birthDate: 'Geboortedatum',
    document: 'Document',
    documents: { 'id-card': 'Identiteitskaart', passport: 'Paspoort', 'driving-licence': 'Rijbewijs' },
    endingIn: (last4) => `eindigend op ${last4}`,
    reasonLabel: 'Reden van een afwijzing',
    defaultReason: 'Het document kon niet worden gelezen.',
    approve: 'Goedkeuren',
    reject: 'Afwijzen',
    approved: 'Leeftijdsverificatie goedgekeurd. Je kunt teruggaan naar het venster.',
    rejected: 'Leeftijdsverificatie afgewezen. Je kunt teruggaan naar het venster.',
    decided: 'Over dit verzoek is al beslist.',
    invalid: 'Deze link is niet geldig. Sluit hem en start de leeftijdsverificatie opnieuw.',
  },
  es: {
    title: 'Verificación de edad de pruebas: decide la solicitud',
    intro:
      'El proveedor de pruebas ha recibido esta solicitud de verificación de edad. Apruébala o recházala.',
    note: 'Esta es una página de prueba del proveedor de verificación de edad sandbox. No se comprueba ningún documento.',
    fullName: 'Nombre completo',
    birthDate: 'Fecha de nacimiento',
    document: 'Documento',
    documents: { 'id-card': 'DNI', passport: 'Pasaporte', 'driving-licence': 'Permiso de conducir' },
    endingIn: (last4) => `que termina en ${last4}`,
    reasonLabel: 'Motivo de un rechazo',
    defaultReason: 'No se pudo leer el documento.',
    approve: 'Aprobar',
    reject: 'Rechazar',
    approved: 'Verificación de edad aprobada. Puedes volver al diálogo.',
    rejected: 'Verificación de edad rechazada. Puedes volver al diálogo.',
    decided: 'Esta solicitud ya se ha decidido.',
    invalid: 'Este enlace no es válido. Ciérralo y vuelve a iniciar la verificación de edad.',
  },
};

/** The page language: the `lang` parameter, else the first supported Accept-Language, else English. */
export function avsPageLanguageOf(query: unknown, acceptLanguage: string | undefined): AvsPageLanguage {
  return sandboxPageLanguageOf(AVS_PAGE_LANGUAGES, query, acceptLanguage);
}

/** The reason a rejection carries when the tester leaves the field as it is. */
export const defaultRejectReason = (lang: AvsPageLanguage) => TEXTS[lang].defaultReason;

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#15171a}
main{max-width:440px;margin:24px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 10px #0002}
h1{font-size:1.25rem;margin:0 0 12px}
p.note{font-size:.875rem;color:#4a4f57}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:16px 0}
dt{font-weight:600}
dd{margin:0}
label{display:block;font-weight:600;margin-top:12px}
input[type=text]{font:inherit;width:100%;box-sizing:border-box;padding:8px;border:1px solid #8a9099;border-radius:6px}
.actions{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap}
button{font:inherit;padding:12px 18px;border-radius:8px;border:2px solid #1d4ed8;cursor:pointer;min-width:44px;min-height:44px}
button.approve{background:#1d4ed8;color:#fff}
button.reject{background:#fff;color:#1d4ed8}
button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
[role=status]{font-weight:600}
`;

function page(lang: AvsPageLanguage, body: string, script = ''): string {
  const title = TEXTS[lang].title;
  return sandboxPageHtml({
    lang,
    title,
    style: STYLE,
    body: `<h1>${escapeHtml(title)}</h1>\n${body}`,
    script,
  });
}

export interface AvsDecisionView {
  lang: AvsPageLanguage;
  token: string;
  fullName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  documentType: DocumentType;
  documentLast4: string;
  /** Where the form posts (this page's own path). */
  action: string;
}

/** The pending request and the question: approve or reject (with a reason). */
export function avsDecisionPage(view: AvsDecisionView): string {
  const t = TEXTS[view.lang];
  const [year, month, day] = view.birthDate.split('-');
  return page(
    view.lang,
    `<p>${escapeHtml(t.intro)}</p>
<dl data-avs-request="">
<dt>${escapeHtml(t.fullName)}</dt><dd>${escapeHtml(view.fullName)}</dd>
<dt>${escapeHtml(t.birthDate)}</dt><dd>${escapeHtml(`${day}.${month}.${year}`)}</dd>
<dt>${escapeHtml(t.document)}</dt><dd>${escapeHtml(`${t.documents[view.documentType]}, ${t.endingIn(view.documentLast4)}`)}</dd>
</dl>
<p class="note">${escapeHtml(t.note)}</p>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="token" value="${escapeHtml(view.token)}">
<input type="hidden" name="lang" value="${view.lang}">
<label for="avs-reason">${escapeHtml(t.reasonLabel)}</label>
<input type="text" id="avs-reason" name="message" maxlength="1000" value="${escapeHtml(t.defaultReason)}">
<div class="actions">
<button type="submit" class="approve" name="decision" value="accept" autofocus>${escapeHtml(t.approve)}</button>
<button type="submit" class="reject" name="decision" value="reject">${escapeHtml(t.reject)}</button>
</div>
</form>`,
  );
}

/** After the answer (or for a request decided before): the outcome, told to the framing dialog too. */
export function avsOutcomePage(options: {
  lang: AvsPageLanguage;
  outcome: 'approved' | 'rejected' | 'decided';
  nonce: string;
  payOrigin: string;
}): string {
  const t = TEXTS[options.lang];
  const message = JSON.stringify({ type: 'sandboxAvsDone' });
  const script = `<script nonce="${escapeHtml(options.nonce)}">
if (window.parent !== window) window.parent.postMessage(${message.replace(/</g, '\\u003c')}, ${JSON.stringify(options.payOrigin)});
</script>`;
  return page(
    options.lang,
    `<p role="status" data-avs-outcome="${options.outcome}">${escapeHtml(t[options.outcome])}</p>`,
    script,
  );
}

/** A wrong, unknown or malformed link (answered with its 4xx status). */
export function avsInvalidLinkPage(lang: AvsPageLanguage): string {
  return page(lang, `<p role="alert">${escapeHtml(TEXTS[lang].invalid)}</p>`);
}
