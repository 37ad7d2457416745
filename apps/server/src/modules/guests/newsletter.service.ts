/**
 * Newsletters by mail (spec 3 types, spec 7 `guest/newsletter/unsubscribe`; issue 14 defect 11;
 * docs/decisions/0028).
 *
 * Every newsletter mail carries a signed, expiring unsubscribe link (newsletter-token.ts) in its
 * footer and in the RFC 2369 / RFC 8058 headers `List-Unsubscribe: <https://…>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail program can unsubscribe with one
 * POST, without cookies or a login. Following the link (GET) or the one-click POST clears the
 * newsletter bits named in the token; doing it twice changes nothing more.
 */
import type { Language } from '@vela/contracts/common';
import { LanguageSchema } from '@vela/contracts/common';
import { NEWSLETTER_TYPES, type NewsletterType } from '@vela/contracts/guest-api';
import { myvelaMessages } from '@vela/i18n/messages/myvela';
import { newsletterMessages } from '@vela/i18n/messages/newsletter';
import { translator } from '@vela/i18n/translate';
import { escapeHtml, type MailContent } from '../mail/mail.templates.ts';
import type { Mailer, OutgoingMail, QueuedMail } from '../mail/mailer.ts';
import { newsletterTypesOf } from './guests.presenter.ts';
import type { GuestRow, GuestsRepository } from './guests.repository.ts';
import { mintUnsubscribeToken, verifyUnsubscribeToken } from './newsletter-token.ts';

/** The path of the unsubscribe link under the page origin (spec 7, GET; POST for RFC 8058 one-click). */
export const UNSUBSCRIBE_PATH = '/rest/v1/guest/newsletter/unsubscribe';

export interface NewsletterServiceDeps {
  repository: Pick<GuestsRepository, 'guestById' | 'setNewsletterBit'>;
  /** HMAC key of the unsubscribe tokens (`unsubscribeKeyOf(session secret)`). */
  key: Buffer;
  /** PUBLIC_ORIGIN: the links point there. */
  publicOrigin: string;
  brandName: string;
  mailer?: Mailer;
  now?: () => number;
}

export type UnsubscribeOutcome =
  | {
      ok: true;
      guestId: number;
      /** The guest's newsletter bits after the change. */
      newsletterBits: number;
      /** The types the link unsubscribed (whether or not they were still set). */
      unsubscribed: NewsletterType[];
      language: Language;
    }
  | { ok: false; reason: 'invalid' | 'expired' };

/** The guest's language for mails and pages (preferences `language`), else `fallback`. */
export function languageOfGuest(guest: GuestRow, fallback: Language): Language {
  const parsed = LanguageSchema.safeParse(guest.preferences.language);
  return parsed.success ? parsed.data : fallback;
}

/** "VIP club", "VIP club and Contests", … in a language (the names of the profile page). */
export function newsletterNames(types: readonly NewsletterType[], lang: Language): string {
  const t = translator(myvelaMessages, lang);
  const names = types.map((type) => t('newsletter.type', { type }));
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(names);
}

export function createNewsletterService(deps: NewsletterServiceDeps) {
  const now = deps.now ?? (() => Date.now());

  /** The https link (and List-Unsubscribe URL) that unsubscribes `guestId` from `bits`. */
  function unsubscribeLink(guestId: number, bits: number, language: Language): string {
    const token = mintUnsubscribeToken(deps.key, { guestId, bits, language }, now());
    return `${deps.publicOrigin}${UNSUBSCRIBE_PATH}?token=${token}`;
  }

  /**
   * Checks a link's token and clears its newsletter bits; nothing changes for a refused token, nor
   * with `apply: false` (a HEAD request: link checkers and scanners must not unsubscribe anybody).
   */
  async function unsubscribe(
    token: string,
    options: { apply: boolean } = { apply: true },
  ): Promise<UnsubscribeOutcome> {
    const check = verifyUnsubscribeToken(deps.key, token, now());
    if (!check.ok) return check;
    const guest = await deps.repository.guestById(check.guestId);
    // A deleted account: the link is as unknown as a forged one.
    if (!guest) return { ok: false, reason: 'invalid' };
    const newsletterBits = options.apply
      ? await deps.repository.setNewsletterBit(guest.id, check.bits, false)
      : guest.newsletterBits;
    return {
      ok: true,
      guestId: guest.id,
      newsletterBits,
      unsubscribed: newsletterTypesOf(check.bits),
      language: languageOfGuest(guest, check.language),
    };
  }

  /**
   * A newsletter mail of `type` to the guest, in the guest's language, with the unsubscribe footer
   * and the one-click headers; null when the guest does not get this newsletter (or does not exist).
   */
  async function newsletterMail(
    guestId: number,
    type: NewsletterType,
    content: (lang: Language) => MailContent,
  ): Promise<OutgoingMail | null> {
    const guest = await deps.repository.guestById(guestId);
    const bit = NEWSLETTER_TYPES[type];
    if (!guest || guest.locked || (guest.newsletterBits & bit) !== bit) return null;
    const lang = languageOfGuest(guest, 'de');
    const link = unsubscribeLink(guest.id, bit, lang);
    const footer = translator(newsletterMessages, lang)('mailFooter', {
      name: newsletterNames([type], lang),
      brand: deps.brandName,
    });
    const body = content(lang);
    return {
      kind: `newsletter-${type}`,
      to: guest.email,
      subject: body.subject,
      text: `${body.text}\n\n--\n${footer}\n${link}\n`,
      html: `${body.html}\n<hr>\n<p>${escapeHtml(footer)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      listUnsubscribe: link,
    };
  }

  /** Sends a newsletter to one guest (see newsletterMail); null when they do not get it. */
  async function sendNewsletter(
    guestId: number,
    type: NewsletterType,
    content: (lang: Language) => MailContent,
  ): Promise<QueuedMail | null> {
    if (!deps.mailer) throw new Error('No mailer to send newsletters with');
    const mail = await newsletterMail(guestId, type, content);
    return mail ? deps.mailer.send(mail) : null;
  }

  return { unsubscribeLink, unsubscribe, newsletterMail, sendNewsletter };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
