import { LanguageSwitch } from '../../app/i18n/language-switch.tsx';
import { useSetLanguage } from '../customer/mutations.ts';

/** The language switch of a signed-in customer: the choice is also kept on the account. */
export function AccountLanguageSwitch() {
  const setLanguage = useSetLanguage();
  return <LanguageSwitch onChoose={(language) => setLanguage.mutate(language)} />;
}
