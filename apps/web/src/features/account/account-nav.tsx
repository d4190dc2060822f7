import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { NativeSelect, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useCommittedChoice } from '../../components/form/committed-choice.ts';
import classes from './account-nav.module.css';
import type { AccountSectionRef, accountSections } from './account-sections.ts';

/**
 * The sections' menu words (accountSections' `menu`) in the language the app speaks. In Spanish
 * each names its section as the side menu does (one term: "Método de pago", docs/glossary-es.md).
 */
export const menuWords: Record<(typeof accountSections)[number]['ref'], MessageDescriptor> = {
  personalinfo: msg`Personal Info`,
  security: msg`Security`,
  payment: msg`Funding`,
  subscription: msg`Subscription`,
  notifications: msg`Notification`,
  privacy: msg`Privacy`,
};

interface AccountNavProps {
  /** The sections this account has (sectionsFor). */
  sections: readonly (typeof accountSections)[number][];
  active: AccountSectionRef | undefined;
  onJump: (ref: AccountSectionRef) => void;
}

/** Wide screens: a sticky side menu of the sections. */
export function AccountSideMenu({ sections, active, onJump }: AccountNavProps) {
  const { t, i18n } = useLingui();
  return (
    <Paper
      withBorder
      radius="lg"
      p="xs"
      component="nav"
      aria-label={t`Account sections`}
      pos="sticky"
      top={88}
    >
      <Stack gap={2}>
        {sections.map((s) => (
          <button
            key={s.ref}
            type="button"
            className={classes.entry}
            aria-current={active === s.ref ? 'location' : undefined}
            onClick={() => onJump(s.ref)}
          >
            {i18n._(menuWords[s.ref])}
          </button>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * Narrow screens: the 'Jump To' picker. A section chosen with the arrow keys or by typing is shown
 * and jumped to on Enter or when focus leaves (useCommittedChoice), not at the first key press.
 */
export function AccountJumpTo({ sections, active, onJump }: AccountNavProps) {
  const { t, i18n } = useLingui();
  const [held, setHeld] = useState<string | null>(null);
  const choice = useCommittedChoice((ref) => {
    setHeld(null);
    onJump(ref as AccountSectionRef);
  });
  return (
    <NativeSelect
      label={t`Jump To`}
      data={[
        { value: '', label: t`Choose a section`, disabled: true },
        ...sections.map((s) => ({ value: s.ref, label: i18n._(menuWords[s.ref]) })),
      ]}
      value={held ?? (active && active !== 'delete' ? active : '')}
      onChange={(event) => {
        const ref = event.currentTarget.value;
        if (ref && !choice.onChange(ref)) setHeld(ref);
      }}
      onKeyDown={choice.onKeyDown}
      onBlur={choice.onBlur}
    />
  );
}
