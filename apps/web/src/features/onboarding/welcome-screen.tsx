import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pria/contracts';
import { onboardingWords as words } from './onboarding-words.ts';

interface WelcomeScreenProps {
  firstTime: boolean;
  onStart: () => void;
  onLater: () => void;
}

export function WelcomeScreen({ firstTime, onStart, onLater }: WelcomeScreenProps) {
  const { i18n } = useLingui();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto" mt={{ base: 'md', sm: 48 }}>
      <Stack align="center" ta="center" gap="md">
        <img src="/logo.svg" alt="" width={64} height={64} />
        <Title order={1} c="navy.9">
          {i18n._(words[messages.webWelcomeTitle])}
        </Title>
        <Text c="dimmed" maw={460}>
          <Trans>
            Four short steps: your details, the cards you want to build credit with, a plan, and checkout. It
            takes about five minutes.
          </Trans>
        </Text>
        <Button size="md" onClick={onStart} mt="sm">
          {i18n._(words[firstTime ? messages.webGetStarted : messages.webContinueOnboarding])}
        </Button>
        {/* 44 px tall: a thumb's target (36 px was small on a phone, a walk). */}
        <Button variant="subtle" mih={44} onClick={onLater}>
          {i18n._(words[messages.webDoThisLater])}
        </Button>
      </Stack>
    </Paper>
  );
}
