import { Trans } from '@lingui/react/macro';
import { List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { DemoAnimation } from './demo-animation.tsx';
import { LandingSection } from './landing-section.tsx';

export function DemoSection() {
  return (
    <LandingSection id="demo" title={<Trans>See one month of Charge & Pay</Trans>} tinted>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
        <DemoAnimation />
        <Stack gap="md">
          <Title order={3} c="navy.9">
            <Trans>Two dates, no effort</Trans>
          </Title>
          <List
            spacing="sm"
            icon={
              <ThemeIcon color="mint.7" size={22} radius="xl" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            <List.Item>
              <Trans>$3 per card per month, charged on the 28th at 4pm Eastern.</Trans>
            </List.Item>
            <List.Item>
              <Trans>Paid back to your card on the 2nd of the following month at 4pm Eastern.</Trans>
            </List.Item>
            <List.Item>
              <Trans>Each charge is tried once a month and never retried after a decline.</Trans>
            </List.Item>
            <List.Item>
              <Trans>Your card data is tokenized — Pria never stores your card number.</Trans>
            </List.Item>
          </List>
          <Text c="dimmed" fz="sm">
            <Trans>
              Visa and Mastercard credit cards. Up to 3 cards per subscription, from $36 semi-annually plus
              tax.
            </Trans>
          </Text>
        </Stack>
      </SimpleGrid>
    </LandingSection>
  );
}
