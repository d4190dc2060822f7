import { Center, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ChartCardProps {
  title: string;
  description: string;
  loading: boolean;
  empty: boolean;
  children: ReactNode;
}

/** A titled panel holding one chart, with its loading skeleton and empty state. */
export function ChartCard({ title, description, loading, empty, children }: ChartCardProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Title order={2} fz="md">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        {description}
      </Text>
      {loading ? (
        <Skeleton height={240} radius="md" />
      ) : empty ? (
        <Center h={240}>
          <Text c="dimmed" size="sm">
            No data yet
          </Text>
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}
