import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { legalAddress, legalEntity } from '@pria/contracts/legal/entity';
import { IconClock, IconMail, IconMapPin } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header.tsx';
import { ContactForm } from './contact-form.tsx';

const details: { icon: typeof IconMail; title: MessageDescriptor; text: MessageDescriptor | string }[] = [
  { icon: IconMail, title: msg`Email`, text: legalEntity.supportEmail },
  { icon: IconClock, title: msg`Hours`, text: msg`Monday to Friday, 9am to 6pm Eastern` },
  { icon: IconMapPin, title: msg`Mail`, text: `${legalEntity.name}, ${legalAddress}` },
];

export default function ContactPage() {
  const { t, i18n } = useLingui();
  return (
    <>
      <PageHeader title={t`Contact Us`}>
        <Trans>
          Questions about cards, billing or security? Send us a message and we will get back to you by email.
        </Trans>
      </PageHeader>
      <Container size="lg" py={{ base: 32, xs: 72 }} px={{ base: 'sm', xs: 'md' }}>
        {/* Spec: the layout changes at 500px — one column below, details beside the form above. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={{ base: 'lg', xs: 48 }}>
          <Stack gap="lg">
            <Title order={2} size="h3" c="navy.9">
              <Trans>We are here to help</Trans>
            </Title>
            {details.map(({ icon: Icon, title, text }) => (
              <Stack key={title.id} gap={4}>
                <ThemeIcon variant="light" size={36} aria-hidden>
                  <Icon size={20} />
                </ThemeIcon>
                <Text fw={600}>{i18n._(title)}</Text>
                <Text c="dimmed">{typeof text === 'string' ? text : i18n._(text)}</Text>
              </Stack>
            ))}
          </Stack>
          <Paper withBorder radius="lg" p={{ base: 'md', xs: 'xl' }} shadow="xs">
            <ContactForm />
          </Paper>
        </SimpleGrid>
      </Container>
    </>
  );
}
