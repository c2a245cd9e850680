// The mails' text and HTML (issue #45): the same link in both, names escaped, and attributes that
// parse (a font list with double quotes once closed the style attributes early: seen in a screenshot).
import { describe, expect, it } from 'vitest';
import { emailChangedMail, emailVerificationMail, passwordChangedMail, passwordResetMail } from './templates';

const link = 'https://hunt.example.org/reset-password?token=abc_DEF-123';
const all = [
  passwordResetMail({ firstName: 'Grace', link, validMinutes: 30, supportEmail: 'support@dinohunt.app' }),
  passwordChangedMail({ firstName: 'Grace', supportEmail: 'support@dinohunt.app' }),
  emailVerificationMail({ firstName: 'Grace', link, validHours: 48, supportEmail: 'support@dinohunt.app' }),
  emailChangedMail({ firstName: 'Grace', newEmail: 'new@example.com', supportEmail: 'support@dinohunt.app' }),
];

describe('mail templates', () => {
  it('every attribute value ends where it should: a quote is followed by a space, > or /', () => {
    for (const mail of all) {
      for (const match of mail.html.matchAll(/\s[a-z-]+="[^"]*"(.)/g)) expect(match[1], match[0]).toMatch(/[\s>/]/);
    }
  });

  it('the text and the HTML carry the same link; the HTML has the button and the copyable address', () => {
    const [reset] = all;
    expect(reset!.text).toContain(`Choose a new password: ${link}`);
    expect(reset!.html.match(/href="([^"]+)"/g)).toEqual([`href="${link}"`, `href="${link}"`]);
    expect(reset!.html).toContain('Choose a new password</a>');
    expect(reset!.subject).toBe('Reset your Dinohunt password');
  });

  it('escapes names in the HTML and greets without a name when there is none', () => {
    const mail = passwordChangedMail({ firstName: '<b>Eve</b> & "co"', supportEmail: 'support@dinohunt.app' });
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt; &amp; &quot;co&quot;,');
    expect(mail.html).not.toContain('<b>Eve');
    expect(passwordChangedMail({ firstName: ' ', supportEmail: 'x@y.z' }).text.startsWith('Hello,\n')).toBe(true);
  });
});
