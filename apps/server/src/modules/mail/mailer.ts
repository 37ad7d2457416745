/**
 * Outgoing mail. Every mail is first written to `mail_outbox`. With SMTP_URL it is then sent through
 * nodemailer and `sent_at` is set (or `error` on failure: logged, never thrown at the caller, whose
 * user must not learn about our mail server). Without SMTP_URL the outbox is the delivery; outside
 * production it is readable on `/dev/mail`.
 */
import type { Db } from '@vela/db/client';
import nodemailer, { type Transporter } from 'nodemailer';
import { createMailRepository, type MailRepository } from './mail.repository.ts';

export interface OutgoingMail {
  /** What the mail is for, e.g. `password-reset`. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The https unsubscribe link of a mail that carries a newsletter or other marketing: it goes out
   * as `List-Unsubscribe: <link>` (RFC 2369) with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
   * (RFC 8058: the mail program unsubscribes with a POST to the link, no cookie, no login).
   */
  listUnsubscribe?: string;
}

/** The headers of RFC 2369 / RFC 8058 one-click unsubscribe for a link. */
export function listUnsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export type DeliveryResult = 'outbox' | 'sent' | 'failed';

export interface QueuedMail {
  /** Outbox row id. */
  id: number;
  /** Settles when the SMTP delivery ended ('outbox' at once without SMTP). Never rejects. */
  delivery: Promise<DeliveryResult>;
}

export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Mailer {
  /** Writes the outbox row (awaited) and starts the SMTP delivery (not awaited; see `delivery`). */
  send(mail: OutgoingMail): Promise<QueuedMail>;
  /** Waits for deliveries under way and closes the SMTP connection pool. */
  close(): Promise<void>;
}

export interface MailerDeps {
  db: Db;
  smtpUrl: string | undefined;
  mailFrom: string;
  log: MailLog;
}

const ERROR_TEXT_LIMIT = 500;
const EMAIL_IN_TEXT = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g;
/** SMTP errors often quote the recipient: logs never carry an address (STYLE.md). */
const withoutAddresses = (text: string) => text.replace(EMAIL_IN_TEXT, '[redacted]');

export function createMailer(deps: MailerDeps): Mailer {
  const repository: MailRepository = createMailRepository(deps.db);
  const transport: Transporter | null = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  const pending = new Set<Promise<DeliveryResult>>();

  const deliver = async (id: number, mail: OutgoingMail, smtp: Transporter): Promise<DeliveryResult> => {
    try {
      await smtp.sendMail({
        from: deps.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html !== undefined ? { html: mail.html } : {}),
        ...(mail.listUnsubscribe !== undefined
          ? { headers: listUnsubscribeHeaders(mail.listUnsubscribe) }
          : {}),
      });
      await repository.markSent(id, new Date());
      deps.log.info({ mailId: id, kind: mail.kind }, 'mail sent');
      return 'sent';
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_LIMIT);
      const code = (error as { code?: unknown } | null)?.code;
      deps.log.error(
        {
          mailId: id,
          kind: mail.kind,
          code: typeof code === 'string' ? code : undefined,
          error: withoutAddresses(message),
        },
        'mail delivery failed',
      );
      try {
        await repository.markFailed(id, message || 'delivery failed');
      } catch (markError) {
        deps.log.error({ mailId: id, err: markError }, 'could not record the mail delivery failure');
      }
      return 'failed';
    }
  };

  return {
    async send(mail) {
      const row = await repository.insert({
        kind: mail.kind,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
      });
      if (!transport) return { id: row.id, delivery: Promise.resolve('outbox') };
      const delivery = deliver(row.id, mail, transport);
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
      return { id: row.id, delivery };
    },
    async close() {
      await Promise.all([...pending]);
      transport?.close();
    },
  };
}
