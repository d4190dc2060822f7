import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type AccountSectionRef, sectionId } from './account-sections.ts';

interface AccountSectionProps {
  refName: AccountSectionRef;
  title: string;
  description?: string;
  danger?: boolean;
  children?: ReactNode;
}

/** One anchored block of the account page (scroll target of the side menu and 'Jump To'). */
export function AccountSection({
  refName,
  title,
  description,
  danger = false,
  children,
}: AccountSectionProps) {
  const headingId = `${sectionId(refName)}-heading`;
  return (
    <Paper
      component="section"
      id={sectionId(refName)}
      aria-labelledby={headingId}
      tabIndex={-1}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      data-anchor
      style={{ scrollMarginTop: 'var(--account-anchor-offset, 88px)', outline: 'none' }}
    >
      <Title order={2} size="h3" id={headingId} c={danger ? 'red.8' : 'navy.9'}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm" mt={4}>
          {description}
        </Text>
      )}
      {children && <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>{children}</div>}
    </Paper>
  );
}
