import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends mail through SMTP_URL (smtp://user:pass@host:port). Without SMTP the mail is written to the
 * server log, so that a local user can still follow a reset link.
 */
export function createMailer(smtpUrl: string | undefined, from: string, log: FastifyBaseLogger): Mailer {
  if (!smtpUrl) {
    return {
      async send(mail) {
        log.warn({ to: mail.to, subject: mail.subject }, `SMTP_URL is not set; mail not sent. Text follows:\n${mail.text}`);
      },
    };
  }
  // nodemailer is loaded with the first mail, not at every start (ADR 0233)
  let transport: Promise<{ sendMail(m: Mail & { from: string }): Promise<unknown> }> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      await (await transport).sendMail({ from, ...mail });
    },
  };
}
