import { RECOVERY_CODES_FILE, recoveryCodesText } from '@pria/contracts';
import { translator } from '@pria/contracts/i18n/format';
import { mfaPages } from '@pria/contracts/i18n/mfa-pages';
import type { PageLanguage } from './page-language.ts';
import { alert, esc, layout } from './pages.ts';

/**
 * Pages of MFA enrolment and of the sign-in's second step: plain forms, no JavaScript but the
 * recovery codes' Copy and Print (recovery-codes.js).
 */

/** The page's words in the reader's language (English unless told: enrolment is not translated yet). */
const wordsOf = (page: PageLanguage | undefined) => translator(mfaPages, page?.lang ?? 'en');

const codeInput = (error: string | null | undefined, page?: PageLanguage) => {
  const t = wordsOf(page);
  return `<label for="code">${t.html('code.label')}</label>
<input id="code" name="code" class="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]*" maxlength="6" required autofocus aria-describedby="code-hint"${error ? ' aria-invalid="true"' : ''}>
<p class="hint" id="code-hint">${t.html('code.hint')}</p>`;
};

export interface ChooseView {
  action: string;
  ticket: string;
  emailMasked: string;
  phoneMasked: string | null;
  error?: string | null;
  homeUrl: string;
}

export function enrolChoosePage(v: ChooseView): string {
  const sms = v.phoneMasked
    ? `<label class="choice"><input type="radio" name="method" value="sms"><span>Text message (SMS)<small>A code by text to ${esc(v.phoneMasked)} each time you log in.</small></span></label>`
    : `<label class="choice disabled"><input type="radio" name="method" value="sms" disabled aria-describedby="sms-none"><span>Text message (SMS)<small id="sms-none">Add a phone number to your profile first.</small></span></label>`;
  return layout(
    'Two-factor authentication',
    `<h1>Set up two-factor authentication</h1>
<p class="sub">Each time you log in, after your password we will ask for a code. Choose how you want to get it.</p>
${alert(v.error)}
<form method="post" action="${esc(v.action)}" novalidate>
<input type="hidden" name="ticket" value="${esc(v.ticket)}">
<fieldset class="choices">
<legend>Where should codes come from?</legend>
<label class="choice"><input type="radio" name="method" value="authenticator" checked><span>Authenticator app<small>Google Authenticator, 1Password, Authy or similar. Works offline.</small></span></label>
${sms}
<label class="choice"><input type="radio" name="method" value="email"><span>Email<small>A code by email to ${esc(v.emailMasked)} each time you log in.</small></span></label>
</fieldset>
<button type="submit">Continue</button>
</form>`,
    { homeUrl: v.homeUrl },
  );
}

export interface AuthenticatorView {
  action: string;
  ticket: string;
  qrSvg: string;
  secret: string;
  /** The otpauth:// link: on a phone, a tap opens the authenticator app with the account. */
  uri: string;
  error?: string | null;
  homeUrl: string;
}

export function enrolAuthenticatorPage(v: AuthenticatorView): string {
  const grouped = v.secret.replace(/(.{4})/g, '$1 ').trim();
  return layout(
    'Authenticator app',
    `<h1>Scan with your authenticator app</h1>
<p class="sub">Scan the QR code, then enter the 6-digit code the app shows.</p>
${alert(v.error)}
<div class="qr" role="img" aria-label="QR code for your authenticator app">${v.qrSvg}</div>
<p><a class="button secondary" href="${esc(v.uri)}">On this phone? Add to your authenticator app</a></p>
<p class="hint" id="secret-hint">Cannot scan? Enter this key in the app instead:</p>
<code class="secret" aria-describedby="secret-hint">${esc(grouped)}</code>
<form method="post" action="${esc(v.action)}" novalidate>
<input type="hidden" name="ticket" value="${esc(v.ticket)}">
${codeInput(v.error)}
<button type="submit">Turn on two-factor authentication</button>
</form>`,
    { homeUrl: v.homeUrl },
  );
}

export interface CodeView {
  action: string;
  hidden: Record<string, string>;
  title: string;
  sub: string;
  button: string;
  error?: string | null;
  notice?: string | null;
  resendAction?: string;
  restartHref?: string;
  /** The sign-in's second step: the way to use a recovery code instead. */
  recoveryHref?: string;
  homeUrl: string;
  /** The reader's language; title, sub and button come already in it. */
  page?: PageLanguage;
}

/** A code form: enrolment by SMS/email, or the sign-in's second step. */
export function codePage(v: CodeView): string {
  const t = wordsOf(v.page);
  const hidden = Object.entries(v.hidden)
    .map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`)
    .join('\n');
  const resend = v.resendAction
    ? `<form method="post" action="${esc(v.resendAction)}">
${hidden}
<button class="secondary" type="submit">${t.html('code.resend')}</button>
</form>`
    : '';
  return layout(
    v.title,
    `<h1>${esc(v.title)}</h1>
<p class="sub">${esc(v.sub)}</p>
${alert(v.error)}
${v.notice ? `<p class="hint" role="status">${esc(v.notice)}</p>` : ''}
<form method="post" action="${esc(v.action)}" novalidate>
${hidden}
${codeInput(v.error, v.page)}
<button type="submit">${esc(v.button)}</button>
</form>
${resend}
${v.recoveryHref ? `<p class="switch"><a href="${esc(v.recoveryHref)}">${t.html('code.useRecovery')}</a></p>` : ''}
${v.restartHref ? `<p class="switch"><a href="${esc(v.restartHref)}">${t.html('code.restart')}</a></p>` : ''}`,
    { homeUrl: v.homeUrl, page: v.page },
  );
}

/**
 * Copy, Download and Print for the codes (issue 40), the same text as the app's dialog keeps
 * (contracts' recoveryCodesText). Download is a link that works without scripts; Copy and Print
 * need recovery-codes.js, which shows them.
 */
function keepCodes(codes: string[]): string {
  const text = recoveryCodesText(codes);
  return `<div class="keep" data-codes="${esc(text)}">
<button type="button" class="secondary" data-keep="copy" hidden>Copy</button>
<a class="button secondary" download="${esc(RECOVERY_CODES_FILE)}" href="data:text/plain;charset=utf-8,${esc(encodeURIComponent(text))}">Download</a>
<button type="button" class="secondary" data-keep="print" hidden>Print</button>
</div>
<p class="hint no-print" role="status" data-keep="status"></p>`;
}

/** Shown once, right after two-factor authentication is turned on: the recovery codes. */
export function recoveryCodesPage(v: { codes: string[]; linkHref: string; homeUrl: string }): string {
  return layout(
    'Two-factor authentication is on',
    `<h1>Two-factor authentication is on</h1>
<p class="sub">From now on we will ask for a code each time you log in. For your security every device was signed out: you log in again, with your code.</p>
<h2>Save your recovery codes</h2>
<p>If you lose your phone or cannot get a code, each of these codes signs you in once. Keep them somewhere safe, such as a password manager. <strong>We will not show them again.</strong></p>
<ul class="codes" aria-label="Recovery codes">${v.codes.map((c) => `<li><code>${esc(c)}</code></li>`).join('')}</ul>
${keepCodes(v.codes)}
<p class="hint no-print">You can make new codes (and retire these) in your account settings, under Security.</p>
<p class="no-print"><a class="button" href="${esc(v.linkHref)}">I saved my codes: log in again</a></p>`,
    { homeUrl: v.homeUrl, scripts: ['/oidc/assets/recovery-codes.js'] },
  );
}

/** The sign-in's second step with a recovery code instead of the usual code. */
export function recoveryCodeSignInPage(v: {
  action: string;
  backHref: string;
  error?: string | null;
  homeUrl: string;
  page?: PageLanguage;
}): string {
  const t = wordsOf(v.page);
  return layout(
    t('recovery.title'),
    `<h1>${t.html('recovery.title')}</h1>
<p class="sub">${t.html('recovery.sub')}</p>
${alert(v.error)}
<form method="post" action="${esc(v.action)}" novalidate>
<label for="recovery-code">${t.html('recovery.label')}</label>
<input id="recovery-code" name="code" type="text" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="20" required autofocus placeholder="xxxxx-xxxxx"${v.error ? ' aria-invalid="true"' : ''}>
<button type="submit">${t.html('signIn.verify')}</button>
</form>
<p class="switch"><a href="${esc(v.backHref)}">${t.html('recovery.back')}</a></p>`,
    { homeUrl: v.homeUrl, page: v.page },
  );
}
