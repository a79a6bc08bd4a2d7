import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';

export interface MailContent {
  to: string;
  subject: string;
  /** Language of the mail, for the html lang attribute. */
  locale: string;
  shopName: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Links under the message (e.g. the terms and conditions), label and absolute URL. */
  links?: { label: string; url: string }[];
  /** Small print under the message (why the mail came, what to do if it was not you). */
  footer: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * One layout for every shop mail: a simple, table-free HTML body that mail clients render well,
 * and the same words as plain text. All text is escaped; nothing a shopper typed becomes markup.
 */
export function renderMail(content: MailContent): OutgoingMail {
  const { to, subject, locale, shopName, greeting, paragraphs, action, links = [], footer } = content;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1f6f43;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f1;font-family:Helvetica,Arial,sans-serif;color:#1d1d1b">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:22px;font-weight:bold;color:#1f6f43;margin:0 0 24px">${escapeHtml(shopName)}</p>
<div style="background:#ffffff;border-radius:8px;padding:24px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
${links.map((link) => `<p style="font-size:13px"><a href="${escapeHtml(link.url)}" style="color:#1f6f43">${escapeHtml(link.label)}</a></p>`).join('\n')}
</div>
<p style="font-size:12px;color:#555;margin-top:16px">${escapeHtml(footer)}</p>
</div></body></html>`;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...links.flatMap((link) => [`${link.label}: ${link.url}`, '']),
    '--',
    footer,
    shopName,
  ].join('\n');
  return { to, subject, html, text };
}
