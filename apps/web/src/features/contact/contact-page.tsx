import { Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { legalAddress, legalEntity } from '@pria/contracts/legal/entity';
import { IconClock, IconMail, IconMapPin } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header.tsx';
import { ContactForm } from './contact-form.tsx';

const details = [
  { icon: IconMail, title: 'Email', text: legalEntity.supportEmail },
  { icon: IconClock, title: 'Hours', text: 'Monday to Friday, 9am to 6pm Eastern' },
  { icon: IconMapPin, title: 'Mail', text: `${legalEntity.name}, ${legalAddress}` },
];

export default function ContactPage() {
  return (
    <>
      <PageHeader title="Contact Us">
        Questions about cards, billing or security? Send us a message and we will get back to you by email.
      </PageHeader>
      <Container size="lg" py={{ base: 32, xs: 72 }} px={{ base: 'sm', xs: 'md' }}>
        {/* Spec: the layout changes at 500px — one column below, details beside the form above. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={{ base: 'lg', xs: 48 }}>
          <Stack gap="lg">
            <Title order={2} size="h3" c="navy.9">
              We are here to help
            </Title>
            {details.map(({ icon: Icon, title, text }) => (
              <Stack key={title} gap={4}>
                <ThemeIcon variant="light" size={36} aria-hidden>
                  <Icon size={20} />
                </ThemeIcon>
                <Text fw={600}>{title}</Text>
                <Text c="dimmed">{text}</Text>
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
