// The mails the platform sends (issue #45), each as plain text and HTML in the product's look: the
// jungle green of the app's theme (src/client/theme.ts), its system font, a white card. Mail clients
// ignore <style> blocks and web fonts, so the HTML is tables with inline styles only.

export type MailContent = { subject: string; text: string; html: string };

/** Kinds of mail, as stored in mail_outbox.kind (the admin's outbox shows them). */
export type MailKind = 'password_reset' | 'password_changed' | 'email_verification' | 'email_changed';

// The theme's jungle shade 9 (white text on it is above 4.5:1) and its pale shade 0.
const GREEN = '#02822a';
const PALE = '#eafbee';
// Single quotes inside: the font list sits in double-quoted style attributes.
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

type Letter = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the button: why the reader got this, what to do if it was not them. */
  footnote: string;
};

/** One letter as text and HTML, saying the same things in the same order. */
function render(letter: Letter): MailContent {
  const text = [
    letter.greeting,
    '',
    ...letter.paragraphs.flatMap((p) => [p, '']),
    ...(letter.action ? [`${letter.action.label}: ${letter.action.url}`, ''] : []),
    letter.footnote,
    '',
    '-- Dinohunt',
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${escapeHtml(p)}</p>`;
  const button = letter.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:${GREEN}">` +
      `<a href="${escapeHtml(letter.action.url)}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(letter.action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#52606d">If the button does not work, copy this address into your browser:<br>` +
      `<a href="${escapeHtml(letter.action.url)}" style="color:${GREEN};word-break:break-all">${escapeHtml(letter.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;padding:0;background:${PALE}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PALE};padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;font-family:${FONT}">
<tr><td style="padding:0 0 16px;font-size:24px;font-weight:800;letter-spacing:0.5px;color:${GREEN}">DINOHUNT</td></tr>
<tr><td style="background:#ffffff;border-radius:12px;padding:28px 24px;border:1px solid #d6f3dc">
<h1 style="margin:0 0 16px;font-size:20px;font-weight:800;color:#1f2933">${escapeHtml(letter.subject)}</h1>
${paragraph(letter.greeting)}
${letter.paragraphs.map(paragraph).join('\n')}
${button}
<p style="margin:0;font-size:13px;line-height:1.5;color:#52606d">${escapeHtml(letter.footnote)}</p>
</td></tr>
<tr><td style="padding:16px 4px 0;font-size:12px;color:#52606d">Dinohunt: GPS dinosaur hunts outdoors.</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: letter.subject, text, html };
}

const hello = (firstName: string) => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');

export function passwordResetMail(p: { firstName: string; link: string; validMinutes: number; supportEmail: string }): MailContent {
  return render({
    subject: 'Reset your Dinohunt password',
    greeting: hello(p.firstName),
    paragraphs: [
      'Someone asked to reset the password of your Dinohunt account. If it was you, choose a new password with the link below.',
      `The link works once, within ${p.validMinutes} minutes. Resetting signs you out on every device.`,
    ],
    action: { label: 'Choose a new password', url: p.link },
    footnote: `If you did not ask for this, ignore this mail: your password stays as it is. Questions: ${p.supportEmail}.`,
  });
}

export function passwordChangedMail(p: { firstName: string; supportEmail: string }): MailContent {
  return render({
    subject: 'Your Dinohunt password was changed',
    greeting: hello(p.firstName),
    paragraphs: ['The password of your Dinohunt account was just reset, and every device that was signed in has been signed out.'],
    footnote: `If this was not you, write to ${p.supportEmail} at once.`,
  });
}

export function emailVerificationMail(p: { firstName: string; link: string; validHours: number; supportEmail: string }): MailContent {
  return render({
    subject: 'Confirm your email address',
    greeting: hello(p.firstName),
    paragraphs: [
      'Please confirm that this address belongs to your Dinohunt account.',
      `Until it is confirmed, a game master can play and prepare hunts but cannot publish a public expedition or pay for a plan by card. The link works once, within ${p.validHours} hours.`,
    ],
    action: { label: 'Confirm my address', url: p.link },
    footnote: `If you did not create a Dinohunt account or change its address, ignore this mail. Questions: ${p.supportEmail}.`,
  });
}

export function emailChangedMail(p: { firstName: string; newEmail: string; supportEmail: string }): MailContent {
  return render({
    subject: 'Your Dinohunt address is changing',
    greeting: hello(p.firstName),
    paragraphs: [
      `Someone signed in to your Dinohunt account asked to use ${p.newEmail} instead of this address. A confirmation link went to the new address.`,
    ],
    footnote: `If this was not you, write to ${p.supportEmail} at once.`,
  });
}
