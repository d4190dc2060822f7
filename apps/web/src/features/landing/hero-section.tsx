import { Trans } from '@lingui/react/macro';
import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HeroHighlights } from './hero-highlights.tsx';

export function HeroSection() {
  return (
    <Box bg="navy.0" py={{ base: 48, sm: 88 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge
              variant="light"
              color="mint"
              size="lg"
              w="fit-content"
              maw="100%"
              leftSection={<IconShieldLock size={14} />}
              // Wraps on a phone instead of running off the screen (issue 29: cut at 390 px).
              styles={{
                root: { height: 'auto', paddingBlock: 4, maxWidth: '100%', minWidth: 0 },
                label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 },
              }}
            >
              <Trans>Build credit with the cards you already have</Trans>
            </Badge>
            <Title order={1} fz={{ base: 38, sm: 56 }} lh={1.1} c="navy.9">
              <Trans>Better Credit, Made Simple</Trans>
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} c="navy.8" lh={1.6}>
              <Trans>
                A credit card should be an option, not an obligation. Pria places a small $3 charge on your
                card each month and pays it back for you — so you build on-time history without carrying debt.
                Members can see a score improvement in as little as 30 days.
              </Trans>
            </Text>
            <Group gap="md">
              <Button size="lg" component={Link} to="/signup">
                <Trans>Get Started</Trans>
              </Button>
              <Button size="lg" variant="outline" component={Link} to="/signup">
                <Trans>Sign Up</Trans>
              </Button>
            </Group>
          </Stack>
          <HeroHighlights />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
