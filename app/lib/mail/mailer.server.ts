import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '#app/lib/observability/logger.server.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header lines, e.g. List-Unsubscribe and List-Unsubscribe-Post on newsletter mails. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Mails queued in the outbox by a transaction (queueMail) go out now instead of at the next round. */
  deliverSoon?(): void;
}

/** The attachments as nodemailer takes them. */
const nodemailerAttachments = (mail: OutgoingMail) =>
  mail.attachments?.map(({ filename, contentType, contentBase64 }) => ({ filename, contentType, content: contentBase64, encoding: 'base64' }));

export interface MailTransportOptions {
  /** smtp:// or smtps:// URL; without it mails are written to `folder` as .eml files. */
  smtpUrl: string | undefined;
  from: string;
  folder: string;
  logger: Logger;
}

/**
 * How mails leave (the outbox in outbox.server.ts decides when): real SMTP through nodemailer when
 * SMTP_URL is set. Without it, nodemailer still builds the complete MIME message and it is kept as
 * an .eml file, so local mails can be opened and checked.
 */
export function createMailTransport({ smtpUrl, from, folder, logger }: MailTransportOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from, ...mail, attachments: nodemailerAttachments(mail) });
        logger.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail, attachments: nodemailerAttachments(mail) });
      await mkdir(folder, { recursive: true });
      const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ file, subject: mail.subject }, 'mail written to a file (no SMTP_URL)');
    },
  };
}
