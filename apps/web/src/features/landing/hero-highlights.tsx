import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarDollar, IconCreditCard, IconLock, IconTrendingUp } from '@tabler/icons-react';

const highlights = [
  { icon: IconCalendarDollar, value: '$3', label: 'per card, per month — paid back for you' },
  { icon: IconCreditCard, value: 'Up to 3', label: 'Visa or Mastercard cards per subscription' },
  { icon: IconTrendingUp, value: '30 days', label: 'to a possible score improvement' },
  { icon: IconLock, value: '256-bit', label: 'bank-level encryption and two-factor sign-in' },
];

export function HeroHighlights() {
  return (
    <Paper radius="xl" p={{ base: 'lg', sm: 32 }} bg="navy.9" c="white" shadow="lg">
      <Stack gap="lg">
        {highlights.map(({ icon: Icon, value, label }) => (
          <Group key={value} wrap="nowrap" gap="md">
            <ThemeIcon size={48} radius="md" color="mint.6" variant="filled" aria-hidden>
              <Icon size={26} />
            </ThemeIcon>
            <div>
              <Text fw={800} fz={22} lh={1.2}>
                {value}
              </Text>
              <Text fz="sm" c="gray.3">
                {label}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
