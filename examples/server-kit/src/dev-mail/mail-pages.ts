import { escapeHtml } from '@gatehousejs/mailer-smtp';
import type { CaughtMail } from '@gatehousejs/mailer-smtp/testing';

/**
 * The pages carry no script and load nothing. Inline styles are allowed because the mail shown in
 * the srcdoc iframe inherits this policy and mail HTML is styled inline; scripts stay blocked, and
 * images only from data: URLs, so a mail cannot call out to a tracker.
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const STYLE = `
body{margin:0;padding:24px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f8fa}
main{max-width:1100px;margin:0 auto;background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:20px 24px}
h1{font-size:20px;margin:0 0 16px}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #d8dee4;vertical-align:top}
th{font-size:13px;color:#57606a}
td.time{white-space:nowrap;font-variant-numeric:tabular-nums;color:#57606a}
a{color:#0969da}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 16px}
dt{color:#57606a}
dd{margin:0;word-break:break-word}
iframe{width:100%;height:480px;border:1px solid #d0d7de;border-radius:6px;background:#fff}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:12px}
ul.links{padding-left:20px}
ul.links a{word-break:break-all}
.muted{color:#57606a}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The inbox: newest first, each subject linking to its message. */
export function renderMessageList(newestFirst: readonly CaughtMail[], baseUrl: string): string {
  const rows = newestFirst
    .map(
      (mail) => `<tr>
<td class="time"><time datetime="${escapeHtml(mail.receivedAt.toISOString())}">${escapeHtml(formatTime(mail.receivedAt))}</time></td>
<td>${escapeHtml(mail.to.join(', '))}</td>
<td><a href="${escapeHtml(`${baseUrl}/messages/${encodeURIComponent(mail.id)}`)}">${escapeHtml(mail.subject || '(no subject)')}</a></td>
</tr>`,
    )
    .join('\n');
  const content =
    newestFirst.length === 0
      ? '<p class="muted">No mail caught yet.</p>'
      : `<table>
<thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page('Development mail', `<h1>Development mail (${newestFirst.length})</h1>\n${content}`);
}

/** One message: its headers, the links of its text part, the HTML part sandboxed, the text part. */
export function renderMessagePage(mail: CaughtMail, baseUrl: string): string {
  // Sentence punctuation after a URL in running text is not part of it.
  const urls = (mail.text.match(/https?:\/\/[^\s<>"'`]+/g) ?? []).map((url) => url.replace(/[.,;:!?)\]]+$/, ''));
  const links = [...new Set(urls)];
  const fromHeader = mail.headers['From']?.[0] ?? mail.from;
  const sections = [
    `<p><a href="${escapeHtml(`${baseUrl}/`)}">← All mail</a></p>`,
    `<h1>${escapeHtml(mail.subject || '(no subject)')}</h1>`,
    `<dl>
<dt>From</dt><dd>${escapeHtml(fromHeader)}</dd>
<dt>To</dt><dd>${escapeHtml(mail.to.join(', '))}</dd>
<dt>Received</dt><dd><time datetime="${escapeHtml(mail.receivedAt.toISOString())}">${escapeHtml(formatTime(mail.receivedAt))}</time></dd>
<dt>Source</dt><dd><a href="${escapeHtml(`${baseUrl}/messages/${encodeURIComponent(mail.id)}/raw`)}">raw message</a></dd>
</dl>`,
  ];
  if (links.length > 0) {
    const items = links.map((url) => `<li><a href="${escapeHtml(url)}" rel="noreferrer" target="_blank">${escapeHtml(url)}</a></li>`);
    sections.push(`<h2>Links</h2>\n<ul class="links">\n${items.join('\n')}\n</ul>`);
  }
  if (mail.html !== '') {
    // No allow-scripts and no allow-same-origin: the mail runs nothing and reaches nothing of this
    // page. A click on one of its links may open a new tab, which is what a mail client does.
    const srcdoc = withBaseTarget(mail.html);
    sections.push(
      `<h2>HTML</h2>\n<iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(srcdoc)}"></iframe>`,
    );
  }
  if (mail.text !== '') sections.push(`<h2>Text</h2>\n<pre>${escapeHtml(mail.text)}</pre>`);
  return page(mail.subject || '(no subject)', sections.join('\n'));
}

/** Inside `<head>` when there is one: a `<base>` before the doctype would switch the mail to quirks mode. */
function withBaseTarget(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${base}${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${base}${html.slice(at)}`;
}

export function renderNotFound(baseUrl: string): string {
  return page(
    'No such mail',
    `<h1>No such mail</h1>\n<p>It may have been deleted. <a href="${escapeHtml(`${baseUrl}/`)}">All mail</a></p>`,
  );
}
