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
  title: string;
  icon: ReactNode;
  body: ReactNode;
  badge?: string;
}

const tiles: Tile[] = [
  {
    title: 'Access',
    icon: <IconDeviceMobile />,
    body: 'Manage your cards, subscription and activity from any device — phone, tablet or computer.',
  },
  {
    title: 'Tutorial',
    icon: <IconSchool />,
    body: 'A short guided tour walks you through adding a card, choosing your plan and reading your activity.',
  },
  {
    title: 'Security',
    icon: <IconShieldLock />,
    body: 'Bank-level 256-bit encryption protects your data, and two-factor authentication protects your account. Card data is tokenized and never stored by Pria.',
  },
  {
    title: 'Feedback',
    icon: <IconMessageStar />,
    body: (
      <>
        Tell us how we are doing. Your reviews shape what we build next.{' '}
        <Anchor component={Link} to="/feedback">
          Leave a review
        </Anchor>
      </>
    ),
  },
  {
    title: 'Support',
    icon: <IconHeadset />,
    body: (
      <>
        Questions about cards, billing or security? Our team is here to help.{' '}
        <Anchor component={Link} to="/contact">
          Contact Us
        </Anchor>
      </>
    ),
  },
  {
    title: 'Advocacy',
    icon: <IconSpeakerphone />,
    badge: 'Coming soon',
    body: 'A programme to help members understand and stand up for their credit rights.',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHeader title="About Pria">
        A credit card should be an option, not an obligation. We help you build credit with the cards you
        already have — better credit, made simple.
      </PageHeader>
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {tiles.map((tile) => (
            <Paper key={tile.title} component="section" withBorder radius="lg" p="xl" aria-label={tile.title}>
              <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                {tile.icon}
              </ThemeIcon>
              <Title order={2} size="h3" mt="md" mb={6}>
                {tile.title}{' '}
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
