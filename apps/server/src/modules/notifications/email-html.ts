import { type Language, messages } from '@pria/contracts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * An escaped text with its web addresses as links (a walk: the HTML part printed them as text to
 * copy, where the text part's mail client links them anyway). A sentence's closing punctuation
 * stays out of the link.
 */
export function linkedHtml(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<>"]+?(?=[.,;:!?)]*(?:\s|$))/g,
    (url) => `<a href="${url}" style="color:#1a56db">${url}</a>`,
  );
}

/** Every customer email's HTML part: a simple, inline-styled page (mail clients drop <style> blocks); every value escaped. */
export function emailHtml(p: {
  greeting: string;
  lead: string;
  details: [string, string][];
  why: string;
  settings: string;
  /** The email's language (ADR 74) and its own words for the link and the fraud notice; English when absent. */
  lang?: Language;
  words?: { settings: string; fraudNotice: string };
}) {
  const words = p.words ?? { settings: 'Notification settings', fraudNotice: messages.fraudNotice };
  const e = escapeHtml;
  const rows = p.details
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#5c6b80">${e(k)}</td><td style="padding:4px 0;font-weight:600">${linkedHtml(v)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="${p.lang ?? 'en'}"><body style="margin:0;padding:24px;background:#f4f6fa;font-family:Helvetica,Arial,sans-serif;color:#0b1f3a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#1a56db">Pria</p>
<p style="margin:0 0 12px">${e(p.greeting)}</p>
<p style="margin:0 0 16px;line-height:1.5">${linkedHtml(p.lead)}</p>
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>
<p style="margin:0 0 8px;font-size:12px;color:#5c6b80">${e(p.why)} <a href="${e(p.settings)}" style="color:#1a56db">${e(words.settings)}</a></p>
<p style="margin:0;font-size:12px;color:#5c6b80">${e(words.fraudNotice)}</p>
</div></body></html>`;
}
