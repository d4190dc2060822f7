import { useLingui } from '@lingui/react/macro';
import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The narrow layout's menu (public-header.tsx). In its own chunk, loaded the first time the menu
 * opens: a drawer brings Mantine's modal base, scroll area, focus trap and scroll lock (and through
 * the scroll area floating-ui), a third of the landing page's JavaScript for a menu most visitors
 * never open (ADR 70).
 */
export default function PublicMenuDrawer({
  opened,
  onClose,
  links,
  accountButtons,
}: {
  opened: boolean;
  onClose: () => void;
  links: ReactNode;
  accountButtons: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title={t`Menu`}
      lockScroll
      closeButtonProps={{ 'aria-label': t`Close menu` }}
    >
      <Stack component="nav" aria-label={t`Mobile`} gap={4}>
        {links}
        <Stack gap="sm" mt="lg">
          {accountButtons}
        </Stack>
      </Stack>
    </Drawer>
  );
}
