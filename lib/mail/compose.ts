import { SITE_NAME } from '@/lib/catalog/tables';
import { formatAddress, salonLocationById } from '@/lib/content/locations';

/** A file attached to a mail. */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** One mail as the site hands it to the outbox (lib/mail/outbox.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part: every mail has both. */
  html: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /** An invitation sent as the text/calendar alternative, so calendars add, move or remove the event. */
  calendar?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string };
  /** Not worth sending after this (a reminder once its visit has begun). */
  expiresAt?: Date;
  /** A reminder's appointment at the start it announces: dropped if the visit is cancelled or moves first. */
  appointment?: { id: string; startsAt: Date };
}

/** A paragraph, a bulleted list, or a link that the HTML part shows as a button. */
export type MailBlock = string | { list: readonly string[] } | { link: { label: string; url: string } };

export interface MailContent {
  to: string;
  subject: string;
  /** 'Hi Ana,' */
  greeting: string;
  blocks: readonly MailBlock[];
  /** The salon the mail is about (its address and phone close the mail); unset, the SoHo flagship. */
  location?: number;
  siteUrl: string;
  /** Offers mail: a one-click unsubscribe link (shown in the mail; List-Unsubscribe headers are added by the caller). */
  unsubscribeUrl?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The salon that signs a mail: its name, address and phone, for the closing lines of both parts. */
export function mailSignature(location?: number): { name: string; address: string; phone: string } {
  const salon = salonLocationById(location ?? 1) ?? salonLocationById(1)!;
  return { name: `${SITE_NAME} ${salon.name}`, address: formatAddress(salon), phone: salon.phoneDisplay };
}

function textBlock(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('list' in block) return block.list.map((item) => `- ${item}`).join('\n');
  return `${block.link.label}: ${block.link.url}`;
}

// A link's address is printed under its button for clients that drop the button; it breaks anywhere, or its one long
// word made a confirmation mail 1,538 px wide on a 390 px phone.
function htmlBlock(block: MailBlock): string {
  const p = 'margin:0 0 16px;line-height:1.5';
  if (typeof block === 'string') return `<p style="${p}">${escapeHtml(block)}</p>`;
  if ('list' in block) return `<ul style="${p};padding-left:20px">${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  const href = escapeHtml(block.link.url);
  return `<p style="${p}"><a href="${href}" style="display:inline-block;background:#7c2d4f;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(block.link.label)}</a><br><span style="font-size:13px;color:#555;word-break:break-all;overflow-wrap:anywhere">${href}</span></p>`;
}

/**
 * A mail in both parts from one content: the plain text (what many clients and screen readers prefer) and HTML with
 * the same words. Both end with the salon's name, address and phone, and the offers link to unsubscribe.
 */
export function composeMail(content: MailContent): MailMessage {
  const sign = mailSignature(content.location);
  const footerLines = [sign.name, sign.address, `${sign.phone} · ${content.siteUrl}/`];
  const unsubscribe = content.unsubscribeUrl ? `You receive offers because you subscribed on our site. Unsubscribe in one click: ${content.unsubscribeUrl}` : undefined;
  const text = [content.greeting, '', ...content.blocks.flatMap((b) => [textBlock(b), '']), '--', ...footerLines, ...(unsubscribe ? ['', unsubscribe] : [])].join('\n');
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#faf7f5;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;font-size:16px">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    `<p style="margin:0 0 16px;font-weight:bold">${escapeHtml(SITE_NAME)}</p>`,
    `<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>`,
    ...content.blocks.map(htmlBlock),
    `<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 12px"><p style="margin:0;font-size:13px;color:#555;line-height:1.5">${escapeHtml(sign.name)}<br>${escapeHtml(sign.address)}<br>${escapeHtml(sign.phone)} · <a href="${escapeHtml(content.siteUrl)}/" style="color:#7c2d4f">${escapeHtml(content.siteUrl.replace(/^https?:\/\//, ''))}</a></p>`,
    ...(content.unsubscribeUrl
      ? [`<p style="margin:12px 0 0;font-size:13px;color:#555">You receive offers because you subscribed on our site. <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#7c2d4f">Unsubscribe in one click</a>.</p>`]
      : []),
    '</div></body></html>',
  ].join('\n');
  return { to: content.to, subject: content.subject, text, html };
}
