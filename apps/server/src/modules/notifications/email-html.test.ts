import { describe, expect, it } from 'vitest';
import { emailHtml, linkedHtml } from './email-html.ts';

describe("an email's HTML part", () => {
  it('links the web addresses in its text, leaving a sentence’s closing punctuation out', () => {
    expect(linkedHtml('Keep it at https://pria.example/dashboard/account/subscription.')).toBe(
      'Keep it at <a href="https://pria.example/dashboard/account/subscription" style="color:#1a56db">https://pria.example/dashboard/account/subscription</a>.',
    );
    expect(linkedHtml('(see https://pria.example/x?a=1&b=2), then')).toBe(
      '(see <a href="https://pria.example/x?a=1&amp;b=2" style="color:#1a56db">https://pria.example/x?a=1&amp;b=2</a>), then',
    );
  });

  it('escapes everything else, and links nothing that is not a web address', () => {
    expect(linkedHtml('<b>R-000001</b> & "javascript:alert(1)"')).toBe(
      '&lt;b&gt;R-000001&lt;/b&gt; &amp; &quot;javascript:alert(1)&quot;',
    );
  });

  it('links the addresses in the lead and the details', () => {
    const html = emailHtml({
      greeting: 'Hi Ann,',
      lead: 'Your plan renews. Change it at https://pria.example/dashboard/account/subscription.',
      details: [['Cancel online', 'https://pria.example/dashboard/account/subscription']],
      why: 'Why',
      settings: 'https://pria.example/dashboard/account/notifications',
    });
    expect(html.match(/<a href="https:\/\/pria\.example\/dashboard\/account\/subscription"/g)).toHaveLength(
      2,
    );
  });
});
