/** A real SMTP server (the `smtp-server` package) for the mail tests: it keeps what it receives. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free local port that keeps what it receives; with `refuseRecipients` it
 * answers every recipient with 550 (the address quoted, as real servers do) and receives nothing.
 */
export async function startSmtpServer(options: { refuseRecipients?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...(options.refuseRecipients
      ? {
          onRcptTo(address, _session, callback) {
            const error = Object.assign(new Error(`Mailbox ${address.address} does not exist`), {
              responseCode: 550,
            });
            callback(error);
          },
        }
      : {}),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** Resolves once `count` mails arrived. */
    waitFor(count: number) {
      return vi.waitFor(
        () => {
          if (received.length < count)
            throw new Error(`SMTP server got ${received.length} of ${count} mails`);
        },
        { timeout: 10_000, interval: 20 },
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
