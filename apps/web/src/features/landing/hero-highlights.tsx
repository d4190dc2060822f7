import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarDollar, IconCreditCard, IconLock, IconTrendingUp } from '@tabler/icons-react';

const highlights = [
  {
    key: 'price',
    icon: IconCalendarDollar,
    value: msg`$3`,
    label: msg`per card, per month — paid back for you`,
  },
  {
    key: 'cards',
    icon: IconCreditCard,
    value: msg`Up to 3`,
    label: msg`Visa or Mastercard cards per subscription`,
  },
  { key: 'days', icon: IconTrendingUp, value: msg`30 days`, label: msg`to a possible score improvement` },
  {
    key: 'security',
    icon: IconLock,
    value: msg`256-bit`,
    label: msg`bank-level encryption and two-factor sign-in`,
  },
];

export function HeroHighlights() {
  const { i18n } = useLingui();
  return (
    <Paper radius="xl" p={{ base: 'lg', sm: 32 }} bg="navy.9" c="white" shadow="lg">
      <Stack gap="lg">
        {highlights.map(({ key, icon: Icon, value, label }) => (
          <Group key={key} wrap="nowrap" gap="md">
            <ThemeIcon size={48} radius="md" color="mint.6" variant="filled" aria-hidden>
              <Icon size={26} />
            </ThemeIcon>
            <div>
              <Text fw={800} fz={22} lh={1.2}>
                {i18n._(value)}
              </Text>
              <Text fz="sm" c="gray.3">
                {i18n._(label)}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
