import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.ts';

export interface MailCatcher {
  smtpUrl: string;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on localhost that keeps every message it receives as an .eml file, so the
 * browser tests (which run in other processes) can read the mails the shop sent.
 */
export async function startMailCatcher(directory: string, port?: number): Promise<MailCatcher> {
  mkdirSync(directory, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No DNS lookups of the client: the test machine has no resolver to ask.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        writeFileSync(join(directory, `${String(++received).padStart(4, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return { smtpUrl: `smtp://127.0.0.1:${listenPort}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Quoted-printable soft line breaks and escapes undone, enough to read links and words. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export interface CaughtMail {
  raw: string;
  /** the raw message with quoted-printable decoded */
  text: string;
}

/** Waits for a mail to an address whose decoded text matches a pattern. */
export async function waitForMail(directory: string, to: string, pattern: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(directory).sort().reverse()) {
      const raw = readFileSync(join(directory, file), 'utf8');
      const text = Buffer.from(decodeQuotedPrintable(raw), 'latin1').toString('utf8');
      if (new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw) && pattern.test(text)) return { raw, text };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
