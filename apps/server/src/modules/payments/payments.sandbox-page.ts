/**
 * The sandbox bank's 3-D Secure page: a small server-rendered HTML page with Approve / Decline,
 * opened inside the payment dialog's iframe (PAY_ORIGIN may frame this page only). Plain forms,
 * no script needed; after the answer a nonce'd script tells the framing dialog (postMessage to
 * PAY_ORIGIN only) so it need not wait for its next poll.
 */

import { formatMoney, type MoneyLanguage } from '@vela/domain/money-format';
import { escapeHtml, sandboxPageHtml, sandboxPageLanguageOf } from '../../http/sandbox-page.ts';

export const BANK_LANGUAGES = ['de', 'en', 'nl', 'es'] as const;
export type BankLanguage = (typeof BANK_LANGUAGES)[number];

const TEXTS: Record<
  BankLanguage,
  {
    title: string;
    intro: (amount: string) => string;
    note: string;
    approve: string;
    decline: string;
    approved: string;
    declined: string;
    decided: string;
    invalid: string;
  }
> = {
  en: {
    title: 'Sandbox bank: confirm your payment',
    intro: (amount) => `Confirm the payment of ${amount} with your card.`,
    note: 'This is a test page of the sandbox payment provider. No real money moves.',
    approve: 'Approve payment',
    decline: 'Decline',
    approved: 'Payment confirmed. You can return to the payment window.',
    declined: 'Payment declined. Nothing was charged.',
    decided: 'This payment has already been decided.',
    invalid: 'This confirmation link is not valid. Close it and start the payment again.',
  },
  de: {
    title: 'Sandbox-Bank: Zahlung bestätigen',
    intro: (amount) => `Bestätige die Zahlung von ${amount} mit deiner Karte.`,
    note: 'Dies ist eine Testseite des Sandbox-Zahlungsanbieters. Es wird kein echtes Geld bewegt.',
    approve: 'Zahlung bestätigen',
    decline: 'Ablehnen',
    approved: 'Zahlung bestätigt. Du kannst zum Zahlungsfenster zurückkehren.',
    declined: 'Zahlung abgelehnt. Es wurde nichts abgebucht.',
    decided: 'Über diese Zahlung wurde bereits entschieden.',
    invalid: 'Dieser Bestätigungslink ist ungültig. Schließe ihn und starte die Zahlung erneut.',
  },
  nl: {
    title: 'Sandbox-bank: betaling bevestigen',
    intro: (amount) => `Bevestig de betaling van ${amount} met je kaart.`,
    note: 'Dit is een testpagina van de sandbox-betaalprovider. Er wordt geen echt geld overgemaakt.',
    approve: 'Betaling goedkeuren',
    decline: 'Weigeren',
    approved: 'Betaling bevestigd. Je kunt teruggaan naar het betaalvenster.',
    declined: 'Betaling geweigerd. Er is niets afgeschreven.',
    decided: 'Over deze betaling is al beslist.',
    invalid: 'Deze bevestigingslink is niet geldig. Sluit hem en start de betaling opnieuw.',
  },
  es: {
    title: 'Banco de pruebas: confirma tu pago',
    intro: (amount) => `Confirma el pago de ${amount} con tu tarjeta.`,
    note: 'Esta es una página de prueba del proveedor de pagos sandbox. No se mueve dinero real.',
    approve: 'Aprobar el pago',
    decline: 'Rechazar',
    approved: 'Pago confirmado. Puedes volver a la ventana de pago.',
    declined: 'Pago rechazado. No se ha cobrado nada.',
    decided: 'Este pago ya se ha decidido.',
    invalid: 'Este enlace de confirmación no es válido. Ciérralo y vuelve a iniciar el pago.',
  },
};

export function bankLanguageOf(query: unknown, acceptLanguage: string | undefined): BankLanguage {
  return sandboxPageLanguageOf(BANK_LANGUAGES, query, acceptLanguage);
}

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#15171a}
main{max-width:420px;margin:24px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 10px #0002}
h1{font-size:1.25rem;margin:0 0 12px}
p.note{font-size:.875rem;color:#4a4f57}
.actions{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap}
button{font:inherit;padding:12px 18px;border-radius:8px;border:2px solid #1d4ed8;cursor:pointer;min-width:44px;min-height:44px}
button.approve{background:#1d4ed8;color:#fff}
button.decline{background:#fff;color:#1d4ed8}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
[role=status]{font-weight:600}
`;

function page(lang: BankLanguage, title: string, body: string, script = ''): string {
  return sandboxPageHtml({ lang, title, style: STYLE, body, script });
}

export interface ChallengeView {
  chargeId: string;
  token: string;
  amountCents: number;
  lang: BankLanguage;
  /** Where the form posts (this page's own path). */
  action: string;
}

/** The question: approve or decline. */
export function challengePage(view: ChallengeView): string {
  const t = TEXTS[view.lang];
  const amount = formatMoney(view.amountCents, 'EUR', view.lang as MoneyLanguage);
  return page(
    view.lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro(amount))}</p>
<p class="note">${escapeHtml(t.note)}</p>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="token" value="${escapeHtml(view.token)}">
<input type="hidden" name="lang" value="${view.lang}">
<div class="actions">
<button type="submit" class="approve" name="decision" value="approve" autofocus>${escapeHtml(t.approve)}</button>
<button type="submit" class="decline" name="decision" value="decline">${escapeHtml(t.decline)}</button>
</div>
</form>`,
  );
}

/** After the answer (or for a charge decided before): the outcome, told to the framing dialog too. */
export function outcomePage(options: {
  lang: BankLanguage;
  chargeId: string;
  status: string;
  outcome: 'approved' | 'declined' | 'decided';
  nonce: string;
  payOrigin: string;
}): string {
  const t = TEXTS[options.lang];
  const message = JSON.stringify({
    type: 'sandbox3dsDone',
    chargeId: options.chargeId,
    status: options.status,
  });
  const script = `<script nonce="${escapeHtml(options.nonce)}">
if (window.parent !== window) window.parent.postMessage(${message.replace(/</g, '\\u003c')}, ${JSON.stringify(options.payOrigin)});
</script>`;
  return page(
    options.lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<p role="status">${escapeHtml(t[options.outcome])}</p>`,
    script,
  );
}

/** A wrong, unknown or malformed bank page link (answered with its 4xx status). */
export function invalidLinkPage(lang: BankLanguage): string {
  const t = TEXTS[lang];
  return page(lang, t.title, `<h1>${escapeHtml(t.title)}</h1>\n<p role="alert">${escapeHtml(t.invalid)}</p>`);
}
