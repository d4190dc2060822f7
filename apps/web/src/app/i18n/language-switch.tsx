import { useLingui } from '@lingui/react/macro';
import { Group, UnstyledButton } from '@mantine/core';
import type { Language } from '@pria/contracts/languages';
import { activateLanguage, currentLanguage } from './i18n.ts';
import { languageCookieFor, rememberLanguage } from './language-cookie.ts';
import classes from './language-switch.module.css';

/** Each language named in itself, so a reader finds theirs whatever the page speaks now. */
const choices: { language: Language; name: string }[] = [
  { language: 'en', name: 'English' },
  { language: 'es', name: 'Español' },
];

/**
 * "English / Español" (issue 42): picking one speaks it at once and keeps it as this browser's
 * choice (cookie); `onChoose` also keeps it elsewhere (the account, on the customer's pages). On a
 * page sent without the app (ADR 82) the pick is the cookie and the page loaded again in it.
 */
export function LanguageSwitch({
  onChoose,
  inverted = false,
}: {
  onChoose?: (language: Language) => void;
  /** On a dark background (the footer). */
  inverted?: boolean;
}) {
  const { t, i18n } = useLingui();
  const current: Language = i18n.locale === 'es' ? 'es' : 'en';
  const choose = async (language: Language) => {
    rememberLanguage(language);
    onChoose?.(language);
    if (language !== currentLanguage()) await activateLanguage(language);
  };
  return (
    <Group gap={4} role="group" aria-label={t`Language`} wrap="nowrap" data-inverted={inverted || undefined}>
      {choices.map(({ language, name }, index) => (
        <Group key={language} gap={4} wrap="nowrap">
          {index > 0 && (
            <span className={classes.separator} aria-hidden>
              /
            </span>
          )}
          <UnstyledButton
            lang={language}
            className={classes.choice}
            aria-pressed={language === current}
            // Picked on a prerendered page before the app runs: public/start-after-paint.js keeps
            // this cookie and loads the page again, which the server sends in that language (ADR 82).
            data-choose-language={languageCookieFor(language)}
            onClick={() => void choose(language)}
          >
            {name}
          </UnstyledButton>
        </Group>
      ))}
    </Group>
  );
}
