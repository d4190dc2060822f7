import { formatMessage } from '@pria/contracts/i18n/format';
import { idpMessages } from '@pria/contracts/i18n/idp-pages';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The one password rule (ADR 0015), used wherever a password is set: sign-up, the account's
 * password change, the reset link. Length first (8..128), then a refusal of passwords found in
 * @zxcvbn-ts/language-common's list of common (breached) passwords, then of very weak ones by
 * zxcvbn's estimate (score below MIN_SCORE). The dictionary and the estimator are built once,
 * on first use or at start-up through warmPasswordPolicy().
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** zxcvbn scores 0..4; 0 and 1 are "too guessable" / "very guessable" (under ~10^6 guesses). */
export const MIN_SCORE = 2;

/** The refusals in English, written from the provider's catalog (its Spanish is there too, ADR 74). */
export const passwordMessages = {
  tooShort: formatMessage(idpMessages, 'en', 'passwordTooShort', { min: PASSWORD_MIN }),
  tooLong: formatMessage(idpMessages, 'en', 'passwordTooLong', { max: PASSWORD_MAX }),
  tooCommon: formatMessage(idpMessages, 'en', 'passwordTooCommon'),
  tooWeak: formatMessage(idpMessages, 'en', 'passwordTooWeak'),
} as const;

interface Policy {
  common: Set<string>;
  estimator: ZxcvbnFactory;
}

let policy: Policy | undefined;

function load(): Policy {
  policy ??= {
    common: new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
    estimator: new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
  };
  return policy;
}

/** Pays the load cost (dictionary, estimator) now rather than on the first sign-up. */
export function warmPasswordPolicy(): void {
  load();
}

/**
 * Why a password is refused, or null when it is acceptable. `userInputs` (the email, names)
 * count as guessable words: "ann.lee@example.com" does not make "annlee2026" strong.
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  if (password.length < PASSWORD_MIN) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX) return passwordMessages.tooLong;
  const { common, estimator } = load();
  if (common.has(password.toLowerCase())) return passwordMessages.tooCommon;
  // Each input whole, its words, and an email's local part without punctuation ("annlee").
  const inputs = userInputs
    .map((s) => s.toLowerCase())
    .flatMap((s) => [s, ...s.split(/[^a-z0-9]+/), (s.split('@')[0] ?? '').replace(/[^a-z0-9]/g, '')])
    .filter((s) => s.length > 2);
  if (estimator.check(password, inputs).score < MIN_SCORE) return passwordMessages.tooWeak;
  return null;
}
