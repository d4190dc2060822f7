import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { AdminMetrics } from '@pria/contracts';
import { formatCount } from '@pria/contracts';
import { IconCreditCard, IconReceipt2, IconRepeat, IconUsers } from '@tabler/icons-react';

const stats = [
  { key: 'totalUsers', label: 'Total Users', icon: IconUsers, color: 'navy' },
  { key: 'subscribers', label: 'Subscribers', icon: IconRepeat, color: 'teal' },
  { key: 'cards', label: 'Cards', icon: IconCreditCard, color: 'indigo' },
  { key: 'transactions', label: 'Transactions', icon: IconReceipt2, color: 'grape' },
] as const;

export function StatCards({ metrics, failed }: { metrics: AdminMetrics | undefined; failed: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {stats.map(({ key, label, icon: Icon, color }) => (
        <Paper key={key} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} id={`stat-${key}`}>
                {label}
              </Text>
              {metrics || failed ? (
                <Text fz={{ base: 24, sm: 30 }} fw={700} lh={1.2} mt={4} aria-labelledby={`stat-${key}`}>
                  {metrics ? formatCount(metrics[key]) : '-'}
                </Text>
              ) : (
                <Skeleton height={30} width={70} mt={6} />
              )}
            </div>
            <ThemeIcon variant="light" color={color} size={38} radius="md" visibleFrom="xs">
              <Icon size={20} aria-hidden />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
