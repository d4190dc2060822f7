import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Container, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconDeviceMobile,
  IconHeadset,
  IconMessageStar,
  IconSchool,
  IconShieldLock,
  IconSpeakerphone,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';

interface Tile {
  key: string;
  title: MessageDescriptor;
  icon: ReactNode;
  body: ReactNode;
  badge?: ReactNode;
}

const tiles: Tile[] = [
  {
    key: 'access',
    title: msg`Access`,
    icon: <IconDeviceMobile />,
    body: (
      <Trans>Manage your cards, subscription and activity from any device — phone, tablet or computer.</Trans>
    ),
  },
  {
    key: 'tutorial',
    title: msg`Tutorial`,
    icon: <IconSchool />,
    body: (
      <Trans>
        A short guided tour walks you through adding a card, choosing your plan and reading your activity.
      </Trans>
    ),
  },
  {
    key: 'security',
    title: msg`Security`,
    icon: <IconShieldLock />,
    body: (
      <Trans>
        Bank-level 256-bit encryption protects your data, and two-factor authentication protects your account.
        Card data is tokenized and never stored by Pria.
      </Trans>
    ),
  },
  {
    key: 'feedback',
    title: msg`Feedback`,
    icon: <IconMessageStar />,
    body: (
      <Trans>
        Tell us how we are doing. Your reviews shape what we build next.{' '}
        <Anchor component={Link} to="/feedback">
          Leave a review
        </Anchor>
      </Trans>
    ),
  },
  {
    key: 'support',
    title: msg`Support`,
    icon: <IconHeadset />,
    body: (
      <Trans>
        Questions about cards, billing or security? Our team is here to help.{' '}
        <Anchor component={Link} to="/contact">
          Contact Us
        </Anchor>
      </Trans>
    ),
  },
  {
    key: 'advocacy',
    title: msg`Advocacy`,
    icon: <IconSpeakerphone />,
    badge: <Trans>Coming soon</Trans>,
    body: <Trans>A program to help members understand and stand up for their credit rights.</Trans>,
  },
];

export default function AboutPage() {
  const { t, i18n } = useLingui();
  return (
    <>
      <PageHeader title={t`About Pria`}>
        <Trans>
          A credit card should be an option, not an obligation. We help you build credit with the cards you
          already have — better credit, made simple.
        </Trans>
      </PageHeader>
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {tiles.map((tile) => (
            <Paper
              key={tile.key}
              component="section"
              withBorder
              radius="lg"
              p="xl"
              aria-label={i18n._(tile.title)}
            >
              <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                {tile.icon}
              </ThemeIcon>
              <Title order={2} size="h3" mt="md" mb={6}>
                {i18n._(tile.title)}{' '}
                {tile.badge && (
                  <Badge color="mint" variant="light" ml={4} style={{ verticalAlign: 'middle' }}>
                    {tile.badge}
                  </Badge>
                )}
              </Title>
              <Text c="dimmed" lh={1.6}>
                {tile.body}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
