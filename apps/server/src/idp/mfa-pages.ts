import { RECOVERY_CODES_FILE, recoveryCodesText } from '@pria/contracts';
import { translator, wrap } from '@pria/contracts/i18n/format';
import { mfaPages } from '@pria/contracts/i18n/mfa-pages';
import type { PageLanguage } from './page-language.ts';
import { alert, esc, layout } from './pages.ts';

/**
 * Pages of MFA enrolment and of the sign-in's second step: plain forms, no JavaScript but the
 * recovery codes' Copy and Print (recovery-codes.js).
 */

/** The page's words in the reader's language (English unless told). */
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
  page?: PageLanguage;
}

export function enrolChoosePage(v: ChooseView): string {
  const t = wordsOf(v.page);
  const sms = v.phoneMasked
    ? `<label class="choice"><input type="radio" name="method" value="sms"><span>${t.html('choose.sms')}<small>${t.html('choose.smsHint', { phone: v.phoneMasked })}</small></span></label>`
    : `<label class="choice disabled"><input type="radio" name="method" value="sms" disabled aria-describedby="sms-none"><span>${t.html('choose.sms')}<small id="sms-none">${t.html('choose.smsNone')}</small></span></label>`;
  return layout(
    t('choose.title'),
    `<h1>${t.html('choose.heading')}</h1>
<p class="sub">${t.html('choose.sub')}</p>
${alert(v.error)}
<form method="post" action="${esc(v.action)}" novalidate>
<input type="hidden" name="ticket" value="${esc(v.ticket)}">
<fieldset class="choices">
<legend>${t.html('choose.legend')}</legend>
<label class="choice"><input type="radio" name="method" value="authenticator" checked><span>${t.html('choose.app')}<small>${t.html('choose.appHint')}</small></span></label>
${sms}
<label class="choice"><input type="radio" name="method" value="email"><span>${t.html('choose.email')}<small>${t.html('choose.emailHint', { email: v.emailMasked })}</small></span></label>
</fieldset>
<button type="submit">${t.html('choose.continue')}</button>
</form>`,
    { homeUrl: v.homeUrl, page: v.page },
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
  page?: PageLanguage;
}

export function enrolAuthenticatorPage(v: AuthenticatorView): string {
  const t = wordsOf(v.page);
  const grouped = v.secret.replace(/(.{4})/g, '$1 ').trim();
  return layout(
    t('app.title'),
    `<h1>${t.html('app.heading')}</h1>
<p class="sub">${t.html('app.sub')}</p>
${alert(v.error)}
<div class="qr" role="img" aria-label="${t.html('app.qr')}">${v.qrSvg}</div>
<p><a class="button secondary" href="${esc(v.uri)}">${t.html('app.onPhone')}</a></p>
<p class="hint" id="secret-hint">${t.html('app.cannotScan')}</p>
<code class="secret" aria-describedby="secret-hint">${esc(grouped)}</code>
<form method="post" action="${esc(v.action)}" novalidate>
<input type="hidden" name="ticket" value="${esc(v.ticket)}">
${codeInput(v.error, v.page)}
<button type="submit">${t.html('enrol.turnOn')}</button>
</form>`,
    { homeUrl: v.homeUrl, page: v.page },
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
function keepCodes(codes: string[], t: ReturnType<typeof wordsOf>): string {
  const text = recoveryCodesText(codes, t.language);
  // recovery-codes.js says these after Copy, in the page's language.
  return `<div class="keep" data-codes="${esc(text)}" data-copied="${t.html('codes.copied')}" data-copy-failed="${t.html('codes.copyFailed')}">
<button type="button" class="secondary" data-keep="copy" hidden>${t.html('codes.copy')}</button>
<a class="button secondary" download="${esc(RECOVERY_CODES_FILE)}" href="data:text/plain;charset=utf-8,${esc(encodeURIComponent(text))}">${t.html('codes.download')}</a>
<button type="button" class="secondary" data-keep="print" hidden>${t.html('codes.print')}</button>
</div>
<p class="hint no-print" role="status" data-keep="status"></p>`;
}

/** Shown once, right after two-factor authentication is turned on: the recovery codes. */
export function recoveryCodesPage(v: {
  codes: string[];
  linkHref: string;
  homeUrl: string;
  page?: PageLanguage;
}): string {
  const t = wordsOf(v.page);
  return layout(
    t('codes.title'),
    `<h1>${t.html('codes.title')}</h1>
<p class="sub">${t.html('codes.sub')}</p>
<h2>${t.html('codes.save')}</h2>
<p>${t.html('codes.explain', { strong: wrap('<strong>', '</strong>') })}</p>
<ul class="codes" aria-label="${t.html('codes.list')}">${v.codes.map((c) => `<li><code>${esc(c)}</code></li>`).join('')}</ul>
${keepCodes(v.codes, t)}
<p class="hint no-print">${t.html('codes.later')}</p>
<p class="no-print"><a class="button" href="${esc(v.linkHref)}">${t.html('codes.done')}</a></p>`,
    { homeUrl: v.homeUrl, scripts: ['/oidc/assets/recovery-codes.js'], page: v.page },
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
