import { NavLink, Paper, Select, Stack } from '@mantine/core';
import type { AccountSectionRef, accountSections } from './account-sections.ts';

interface AccountNavProps {
  /** The sections this account has (sectionsFor). */
  sections: readonly (typeof accountSections)[number][];
  active: AccountSectionRef | undefined;
  onJump: (ref: AccountSectionRef) => void;
}

/** Wide screens: a sticky side menu of the sections. */
export function AccountSideMenu({ sections, active, onJump }: AccountNavProps) {
  return (
    <Paper withBorder radius="lg" p="xs" component="nav" aria-label="Account sections" pos="sticky" top={88}>
      <Stack gap={2}>
        {sections.map((s) => (
          <NavLink
            key={s.ref}
            component="button"
            type="button"
            label={s.menu}
            active={active === s.ref}
            aria-current={active === s.ref ? 'location' : undefined}
            onClick={() => onJump(s.ref)}
            style={{ borderRadius: 8 }}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/** Narrow screens: the 'Jump To' dropdown. */
export function AccountJumpTo({ sections, active, onJump }: AccountNavProps) {
  return (
    <Select
      label="Jump To"
      placeholder="Choose a section"
      data={sections.map((s) => ({ value: s.ref, label: s.menu }))}
      value={active && active !== 'delete' ? active : null}
      onChange={(value) => value && onJump(value as AccountSectionRef)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
