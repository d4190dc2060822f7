import { type Language, type LegalDocument, legalDocuments, manifestPaths } from '@pria/contracts';
import { translator, wrap } from '@pria/contracts/i18n/format';
import { idpPages } from '@pria/contracts/i18n/idp-pages';
import type { FastifyReply } from 'fastify';
import { varyByLanguage } from '../platform/language.ts';
import { LANGUAGE_PATH, type PageLanguage } from './page-language.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './users.ts';

/**
 * Server-rendered pages of the identity provider: forms work on their own, without JavaScript;
 * the sign-in page adds passkeys through script files of our origin (never inline scripts).
 */

/**
 * Sends one of these pages; never cached (they carry forms with per-interaction state). Their
 * language follows the cookie and Accept-Language (ADR 74), which Vary says.
 */
export function sendPage(reply: FastifyReply, body: string, status = 200) {
  return varyByLanguage(reply)
    .code(status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(body);
}

type Form = Record<string, string | string[] | undefined>;

/** A text field of a posted form; '' when missing or sent more than once. */
export const formField = (body: unknown, name: string): string => {
  const v = (body as Form | undefined)?.[name];
  return typeof v === 'string' ? v : '';
};

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const css = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:#f4f6fa;color:#0b1f3a;font:16px/1.5 Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;display:flex;flex-direction:column;align-items:center}
@font-face{font-family:Inter;font-style:normal;font-weight:100 900;font-display:swap;src:url(/oidc/assets/inter-latin.woff2) format('woff2');unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}
header{width:100%;padding:20px 16px;display:flex;justify-content:center}
.brand{display:inline-flex;align-items:center;gap:8px;font-size:22px;line-height:1;font-weight:800;color:#0b1f3a;text-decoration:none}
.brand svg{width:32px;height:32px;flex:none}
main{width:100%;max-width:420px;padding:0 16px 40px}
.card{background:#fff;border-radius:16px;box-shadow:0 4px 24px rgba(11,31,58,.08);padding:28px 24px;overflow-wrap:anywhere}
h1{font-size:24px;line-height:1.25;margin:0 0 6px}
.sub{margin:0 0 20px;color:#4a5a70}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:12px 14px;font:inherit;border:1px solid #c5cedb;border-radius:10px;background:#fff;color:inherit}
input:focus{outline:3px solid rgba(11,31,58,.25);border-color:#0b1f3a}
input[aria-invalid=true]{border-color:#b42318}
.hint{font-size:13px;color:#4a5a70;margin:4px 0 0}
.field-error{font-size:13px;color:#b42318;margin:4px 0 0}
.check{display:flex;gap:10px;align-items:flex-start;margin:16px 0 0;font-weight:400;font-size:14px}
.check input{margin-top:4px;width:18px;height:18px;flex:none}
[hidden]{display:none!important}
button,.button{display:block;width:100%;margin-top:22px;padding:13px 16px;border:0;border-radius:10px;background:#0b1f3a;color:#fff;font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer}
button:hover,.button:hover{background:#162f55}
button:focus-visible,.button:focus-visible,a:focus-visible{outline:3px solid #7aa2e3;outline-offset:2px}
.or{text-align:center;color:#4a5a70;font-size:14px;margin:18px 0 0}
.button.social{background:#fff;color:#0b1f3a;border:1px solid #c5cedb;margin-top:12px}
.button.social:hover{background:#f4f6fa}
button.secondary,.button.secondary{background:#fff;color:#0b1f3a;border:1px solid #c5cedb;margin-top:12px}
.codes{list-style:none;padding:0;margin:12px 0;display:grid;grid-template-columns:repeat(2,1fr);gap:8px}
.codes code{display:block;padding:8px 10px;border:1px solid #c5cedb;border-radius:8px;font-size:16px;text-align:center;letter-spacing:.04em}
.keep{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
.keep button,.keep .button{margin-top:0;padding:10px 8px}
@media print{header,footer,.keep,.no-print{display:none!important}}
h2{font-size:18px;margin:24px 0 4px}
.notice{border-radius:10px;padding:12px 14px;margin:0 0 16px;background:#e7f6ec;color:#14532d;border:1px solid #b7e4c7;font-size:14px}
.forgot{text-align:right;margin:8px 0 0;font-size:14px}
.alert{border-radius:10px;padding:12px 14px;margin:0 0 16px;background:#fdecea;color:#8a1c12;border:1px solid #f5c2bc;font-size:14px}
.switch{text-align:center;margin:20px 0 0;font-size:14px}
a{color:#0b1f3a;font-weight:600}
.choices{border:0;margin:16px 0 0;padding:0}
.choices legend{font-weight:600;font-size:14px;margin:0 0 8px}
.choice{display:flex;gap:12px;align-items:flex-start;border:1px solid #c5cedb;border-radius:10px;padding:12px 14px;margin:0 0 10px;font-weight:400;font-size:15px}
.choice input{margin-top:4px;width:18px;height:18px;flex:none}
.choice small{display:block;color:#4a5a70;font-size:13px}
.choice.disabled{opacity:.6}
.qr{display:flex;justify-content:center;margin:8px 0 12px}
.qr svg{width:100%;max-width:220px;height:auto}
.secret{display:block;word-break:normal;overflow-wrap:break-word;background:#f4f6fa;border-radius:8px;padding:10px 12px;font:15px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:1px}
input.code{letter-spacing:4px;font-size:20px;text-align:center}
footer{font-size:12px;color:#56657a;text-align:center;padding:0 16px 24px;max-width:420px}
.lang{margin:0 0 10px;font-size:13px}
.lang a,.lang span{display:inline-block;padding:6px 8px}
`;

/** The app's logo (apps/web/public/logo.svg), inline: no request, and the same on every page. */
const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#0b1f3a"/><path d="M20 48V16h14a10 10 0 0 1 0 20H28" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="44" cy="46" r="5" fill="#37c99e"/></svg>`;

/** The page's words in its reader's language (English when a page is not told: the staff pages). */
const wordsOf = (page: PageLanguage | undefined) => translator(idpPages, page?.lang ?? 'en');

const languageNames: Record<Language, string> = { en: 'English', es: 'Español' };

/** The page's path as a query value; its slashes may stay as they are in a query (RFC 3986). */
const returnParam = (path: string) => encodeURIComponent(path).replaceAll('%2F', '/');

/**
 * English / Español: a link to the other language (GET /oidc/language sets the cookie and comes
 * back here), each name in its own language. Only on pages that say where "here" is.
 */
function languageSwitch(page: PageLanguage | undefined): string {
  if (!page?.here) return '';
  const t = wordsOf(page);
  const item = (lang: Language) =>
    lang === page.lang
      ? `<span lang="${lang}" aria-current="true">${languageNames[lang]}</span>`
      : `<a lang="${lang}" hreflang="${lang}" href="${LANGUAGE_PATH}?set=${lang}&amp;return=${esc(returnParam(page.here ?? '/'))}">${languageNames[lang]}</a>`;
  return `<nav class="lang" aria-label="${esc(t('layout.language'))}">${item('en')} · ${item('es')}</nav>`;
}

export function layout(
  title: string,
  body: string,
  opts: { homeUrl?: string; scripts?: string[]; footer?: string; page?: PageLanguage } = {},
): string {
  const t = wordsOf(opts.page);
  const scripts = (opts.scripts ?? []).map((src) => `<script src="${esc(src)}" defer></script>`).join('\n');
  return `<!doctype html>
<html lang="${opts.page?.lang === 'es' ? 'es-US' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · Pria</title>
<link rel="preload" href="/oidc/assets/inter-latin.woff2" as="font" type="font/woff2" crossorigin>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="manifest" href="${manifestPaths[opts.page?.lang ?? 'en']}">
<meta name="theme-color" content="#0b1f3a">
<style>${css}</style>
${scripts}
</head>
<body>
<header><a class="brand" href="${esc(opts.homeUrl ?? '/')}" aria-label="${esc(t('layout.home'))}">${logo}<span>Pria</span></a></header>
<main>
<div class="card">
${body}
</div>
</main>
<footer>${languageSwitch(opts.page)}${esc(opts.footer ?? t('layout.footer'))}</footer>
</body>
</html>`;
}

/** A confirmation (not an error): announced politely to screen readers. */
export function notice(message: string | null | undefined): string {
  return message ? `<div class="notice" role="status">${esc(message)}</div>` : '';
}

export function alert(message: string | null | undefined): string {
  return message ? `<div class="alert" role="alert">${esc(message)}</div>` : '';
}

export interface LoginView {
  action: string;
  signupHref: string;
  email?: string;
  error?: string | null;
  homeUrl?: string;
  /** Where "Forgot password?" leads (none: no link). */
  forgotHref?: string;
  /** A confirmation above the form (e.g. after a password reset). */
  notice?: string | null;
  /** "Continue with …" links, one per configured upstream (none: no section). */
  social?: { label: string; href: string }[];
  /** The passkey ceremony's endpoints; the button shows only where the browser can use one. */
  passkey?: { options: string; verify: string };
  /**
   * The admin portal's sign-in (portal=staff): said to be the staff one, with no way to create an
   * account (an admin invites staff) nor "Continue with …" (those make customer accounts), and no
   * customer words (issue 40's walk: staff signed in on the customers' page).
   */
  staff?: boolean;
  /** The reader's language (the staff sign-in stays English). */
  page?: PageLanguage;
}

type Words = ReturnType<typeof wordsOf>;

function passkeySection(p: LoginView['passkey'], t: Words): string {
  if (!p) return '';
  // The script's own words, in the page's language (passkey-sign-in.js reads them from here).
  const words = `data-expired="${t.html('login.passkeyExpired')}" data-failed="${t.html('login.passkeyFailed')}" data-not-used="${t.html('login.passkeyNotUsed')}"`;
  return `<div id="passkey" data-options="${esc(p.options)}" data-verify="${esc(p.verify)}" ${words} hidden>
<p class="or">${t.html('or')}</p>
<button type="button" class="secondary" id="passkey-sign-in">${t.html('login.passkey')}</button>
<p class="field-error" id="passkey-error" role="alert" hidden></p>
</div>`;
}

function socialSection(buttons: { label: string; href: string }[] | undefined, t: Words): string {
  if (!buttons?.length) return '';
  return `<p class="or">${t.html('or')}</p>
${buttons.map((b) => `<a class="button social" href="${esc(b.href)}">${esc(b.label)}</a>`).join('\n')}`;
}

/** The sign-in the admin portal asked for (portal=staff: one known value, never the parameter's text). */
export const isStaffSignIn = (params: Record<string, unknown>) => params.portal === 'staff';

/** `<a>…</a>` of a message as a link. */
const link = (href: string) => wrap(`<a href="${esc(href)}">`, '</a>');

export function loginPage(v: LoginView): string {
  const staff = v.staff === true;
  const page = staff ? undefined : v.page;
  const t = wordsOf(page);
  return layout(
    staff ? 'Staff sign in' : t('login.title'),
    `${
      staff
        ? `<h1>Pria Staff — sign in</h1>
<p class="sub">Sign in to the admin portal with your staff account.</p>`
        : `<h1>${t.html('login.heading')}</h1>
<p class="sub">${t.html('login.sub')}</p>`
    }
${notice(v.notice)}
${alert(v.error)}
<form method="post" action="${esc(v.action)}" novalidate>
<label for="email">${t.html('field.email')}</label>
<input id="email" name="email" type="email" autocomplete="username${v.passkey ? ' webauthn' : ''}" required value="${esc(v.email)}"${v.error ? ' aria-invalid="true"' : ''} autofocus>
<label for="password">${t.html('field.password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${v.error ? ' aria-invalid="true"' : ''}>
${v.forgotHref ? `<p class="forgot"><a href="${esc(v.forgotHref)}">${t.html('login.forgot')}</a></p>` : ''}
<button type="submit">${t.html('login.submit')}</button>
</form>
${passkeySection(v.passkey, t)}
${
  staff
    ? ''
    : `${socialSection(v.social, t)}
<p class="switch">${t.html('login.newToPria', { a: link(v.signupHref) })}</p>`
}`,
    {
      homeUrl: v.homeUrl,
      page,
      scripts: v.passkey ? ['/oidc/assets/webauthn.js', '/oidc/assets/passkey-sign-in.js'] : [],
      ...(staff && {
        footer:
          'For Pria staff. An admin creates staff accounts. Pria never asks for your password by email or text.',
      }),
    },
  );
}

export interface SignupView {
  action: string;
  loginHref: string;
  email?: string;
  terms?: boolean;
  error?: string | null;
  fieldErrors?: { email?: string; password?: string; confirmPassword?: string; terms?: string };
  homeUrl: string;
  page?: PageLanguage;
}

function fieldError(id: string, message: string | undefined): string {
  return message ? `<p class="field-error" id="${id}-error">${esc(message)}</p>` : '';
}

function invalidAttrs(id: string, message: string | undefined, hintId?: string): string {
  const described = [message ? `${id}-error` : '', hintId ?? ''].filter(Boolean).join(' ');
  return `${message ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}`;
}

/** A legal document by the title its page carries (one name: issue 40, "Terms of Use" led to "Terms of Service"). */
const legalLink = (homeUrl: string, doc: LegalDocument) =>
  wrap(`<a href="${esc(homeUrl)}${esc(doc.url)}" target="_blank" rel="noopener">`, '</a>');

export function signupPage(v: SignupView): string {
  const fe = v.fieldErrors ?? {};
  const t = wordsOf(v.page);
  // The keyboard starts on the first field to mend, or on the first field (a walk: a refused
  // sign-up left the focus on the page itself, and a screen reader's user where nothing was wrong).
  const first = (['email', 'password', 'confirmPassword', 'terms'] as const).find((k) => fe[k]) ?? 'email';
  const focus = (id: typeof first) => (id === first ? ' autofocus' : '');
  return layout(
    t('signup.title'),
    `<h1>${t.html('signup.heading')}</h1>
<p class="sub">${t.html('signup.sub')}</p>
${alert(v.error)}
<form method="post" action="${esc(v.action)}" novalidate>
<label for="email">${t.html('field.email')}</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${esc(v.email)}"${invalidAttrs('email', fe.email)}${focus('email')}>
${fieldError('email', fe.email)}
<label for="password">${t.html('field.password')}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"${invalidAttrs('password', fe.password, 'password-hint')}${focus('password')}>
<p class="hint" id="password-hint">${t.html('signup.passwordHint', { min: PASSWORD_MIN })}</p>
${fieldError('password', fe.password)}
<label for="confirmPassword">${t.html('signup.confirm')}</label>
<input id="confirmPassword" name="confirmPassword" type="password" autocomplete="new-password" required${invalidAttrs('confirmPassword', fe.confirmPassword)}${focus('confirmPassword')}>
${fieldError('confirmPassword', fe.confirmPassword)}
<label class="check" for="terms"><input id="terms" name="terms" type="checkbox" value="yes"${v.terms ? ' checked' : ''} required${invalidAttrs('terms', fe.terms)}${focus('terms')}>
<span>${t.html('signup.agree', {
      terms: legalLink(v.homeUrl, legalDocuments.terms),
      privacy: legalLink(v.homeUrl, legalDocuments.privacy),
      termsTitle: t('legal.terms'),
      privacyTitle: t('legal.privacy'),
    })}</span></label>
${fieldError('terms', fe.terms)}
<button type="submit">${t.html('signup.submit')}</button>
</form>
<p class="switch">${t.html('signup.haveAccount', { a: link(v.loginHref) })}</p>`,
    { homeUrl: v.homeUrl, page: v.page },
  );
}

/**
 * After the sign-up form, whether the address was new or already had an account (issue 39): the
 * same page with the same words either way, so it tells no one which addresses have an account.
 */
/**
 * After sign-up: where the link went, and "Resend the email" (a plain form: no script needed).
 * `sent` says a resend was asked for (the same words whatever the address, ADR 68).
 */
export function checkEmailPage(v: {
  email: string;
  loginHref: string;
  homeUrl: string;
  resendAction?: string;
  sent?: boolean;
  page?: PageLanguage;
}): string {
  const t = wordsOf(v.page);
  const resend = v.resendAction
    ? `<form method="post" action="${esc(v.resendAction)}">
<input type="hidden" name="email" value="${esc(v.email)}">
<button class="secondary" type="submit">${t.html('checkEmail.resend')}</button>
</form>`
    : '';
  return layout(
    t('checkEmail.title'),
    `<h1>${t.html('checkEmail.title')}</h1>
${notice(v.sent ? t('checkEmail.resent', { email: v.email }) : null)}
<p class="sub">${t.html('checkEmail.sub', { email: v.email, strong: wrap('<strong>', '</strong>') })}</p>
<p class="hint">${t.html('checkEmail.hint')}</p>
<a class="button" href="${esc(v.loginHref)}">${t.html('login.submit')}</a>
${resend}`,
    { homeUrl: v.homeUrl, page: v.page },
  );
}

export function forgotPasswordPage(v: {
  action: string;
  loginHref: string;
  email?: string;
  error?: string | null;
  homeUrl: string;
  page?: PageLanguage;
}): string {
  const t = wordsOf(v.page);
  return layout(
    t('forgot.title'),
    `<h1>${t.html('forgot.title')}</h1>
<p class="sub">${t.html('forgot.sub')}</p>
${alert(v.error)}
<form method="post" action="${esc(v.action)}" novalidate>
<label for="email">${t.html('field.email')}</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${esc(v.email)}"${v.error ? ' aria-invalid="true"' : ''} autofocus>
<button type="submit">${t.html('forgot.submit')}</button>
</form>
<p class="switch">${t.html('forgot.remembered', { a: link(v.loginHref) })}</p>`,
    { homeUrl: v.homeUrl, page: v.page },
  );
}

export function resetPasswordPage(v: {
  action: string;
  token: string;
  error?: string | null;
  fieldErrors?: { password?: string; confirmPassword?: string };
  homeUrl: string;
  page?: PageLanguage;
}): string {
  const fe = v.fieldErrors ?? {};
  const t = wordsOf(v.page);
  return layout(
    t('reset.title'),
    `<h1>${t.html('reset.title')}</h1>
<p class="sub">${t.html('reset.sub')}</p>
${alert(v.error)}
<form method="post" action="${esc(v.action)}" novalidate>
<input type="hidden" name="token" value="${esc(v.token)}">
<label for="password">${t.html('reset.newPassword')}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"${invalidAttrs('password', fe.password, 'password-hint')} autofocus>
<p class="hint" id="password-hint">${t.html('reset.hint', { min: PASSWORD_MIN })}</p>
${fieldError('password', fe.password)}
<label for="confirmPassword">${t.html('reset.confirm')}</label>
<input id="confirmPassword" name="confirmPassword" type="password" autocomplete="new-password" required${invalidAttrs('confirmPassword', fe.confirmPassword)}>
${fieldError('confirmPassword', fe.confirmPassword)}
<button type="submit">${t.html('reset.submit')}</button>
</form>`,
    { homeUrl: v.homeUrl, page: v.page },
  );
}

export function messagePage(opts: {
  title: string;
  message: string;
  linkHref?: string;
  linkText?: string;
  homeUrl?: string;
  isError?: boolean;
  /** The reader's language; the title, message and link text come already in it. */
  page?: PageLanguage;
}): string {
  return layout(
    opts.title,
    `<h1>${esc(opts.title)}</h1>
${opts.isError ? alert(opts.message) : `<p class="sub">${esc(opts.message)}</p>`}
${opts.linkHref ? `<a class="button" href="${esc(opts.linkHref)}">${esc(opts.linkText ?? wordsOf(opts.page)('continue'))}</a>` : ''}`,
    { homeUrl: opts.homeUrl, page: opts.page },
  );
}

/** RP-initiated logout confirmation; `form` is oidc-provider's hidden form (id op.logoutForm). */
export function logoutPage(form: string, homeUrl: string, page?: PageLanguage): string {
  const t = wordsOf(page);
  return layout(
    t('logout.title'),
    `<h1>${t.html('logout.heading')}</h1>
<p class="sub">${t.html('logout.sub')}</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${t.html('logout.submit')}</button>
<button class="secondary" type="submit" form="op.logoutForm">${t.html('logout.stay')}</button>`,
    { homeUrl, page },
  );
}

/**
 * Pria's own Logout (issue 40): the app sent a valid ID token of this very session, so the person
 * already chose to leave and is not asked again; the form posts itself (a script of our origin)
 * and ends the session at once. Without JavaScript the button does the same.
 */
export function signingOutPage(form: string, homeUrl: string, page?: PageLanguage): string {
  const t = wordsOf(page);
  return layout(
    t('signingOut.title'),
    `<h1>${t.html('signingOut.heading')}</h1>
<p class="sub">${t.html('logout.sub')}</p>
${form}
<input type="hidden" name="logout" value="yes" form="op.logoutForm">
<noscript><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${t.html('logout.submit')}</button></noscript>`,
    { homeUrl, scripts: ['/oidc/assets/sign-out.js'], page },
  );
}

/** The staff invitation: the invitee chooses a password (the token rides in a hidden field). */
export function staffInvitePage(v: {
  action: string;
  token: string;
  error?: string | null;
  homeUrl: string;
}): string {
  return layout(
    'Set your password',
    `<h1>Welcome to Pria</h1>
<p class="sub">Choose a password for your staff account.</p>
${alert(v.error)}
<form method="post" action="${esc(v.action)}" novalidate>
<input type="hidden" name="token" value="${esc(v.token)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}" aria-describedby="password-hint"${v.error ? ' aria-invalid="true"' : ''}>
<p class="hint" id="password-hint">At least ${PASSWORD_MIN} characters.</p>
<label for="confirmPassword">Confirm password</label>
<input id="confirmPassword" name="confirmPassword" type="password" autocomplete="new-password" required>
<button type="submit">Set password</button>
</form>`,
    { homeUrl: v.homeUrl },
  );
}
