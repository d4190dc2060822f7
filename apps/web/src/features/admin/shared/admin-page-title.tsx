import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/use-document-title.ts';

/** The one h1 of an admin screen, with an optional line under it and actions on the right. */
export function AdminPageTitle({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(`${title} · Admin`);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <Stack gap={2} miw={0}>
        {/* A long client name wraps anywhere rather than widening the page (issue 40). */}
        <Title order={1} fz={{ base: 24, sm: 30 }} c="navy.9" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions}
    </Group>
  );
}
