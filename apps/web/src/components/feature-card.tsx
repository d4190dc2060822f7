import { Paper, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface FeatureCardProps {
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
  step?: number;
}

export function FeatureCard({ icon, title, children, step }: FeatureCardProps) {
  return (
    <Paper withBorder radius="lg" p="xl" shadow="xs" w="100%" h="100%">
      <ThemeIcon size={48} radius="md" variant="light" color="navy" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} size="h4" mt="md" mb={6}>
        {step !== undefined && (
          <Text span c="teal.9" fw={800} mr={6}>
            {step}.
          </Text>
        )}
        {title}
      </Title>
      <Text c="dimmed" fz="sm" lh={1.6}>
        {children}
      </Text>
    </Paper>
  );
}
