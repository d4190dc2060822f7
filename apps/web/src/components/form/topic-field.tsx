import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Chip, Group, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { messages, textLimits } from '@pria/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { translated } from '../../app/i18n/contract-messages.ts';
import { LimitedTextInput } from './limited-text.tsx';

/**
 * A message's topic: one of the suggested topics as chips, or any topic typed in the field below
 * (picking a chip fills the field). Used by the public contact form and the in-app support form.
 */
export function TopicField({
  topics,
  input,
  onPick,
}: {
  topics: readonly string[];
  /** The form's props for the topic field (`form.getInputProps('type')`), and its name if it needs one. */
  input: GetInputPropsReturnType & { name?: string };
  onPick: (topic: string) => void;
}) {
  const labelId = useId();
  const { t } = useLingui();
  // The suggestions in the reader's language; the one picked fills the field as they read it.
  const suggestions = topics.map(translated);
  const chosen = suggestions.includes(input.value) ? input.value : '';
  return (
    <>
      <div>
        <Text fw={500} fz="sm" mb={8} id={labelId}>
          <Trans>Choose a topic</Trans>
        </Text>
        <Chip.Group value={chosen} onChange={(topic) => onPick(String(topic))}>
          <Group gap="xs" role="group" aria-labelledby={labelId}>
            {suggestions.map((topic) => (
              // One name: the browser keeps them one group (one checked, one tab stop) before the
              // app runs too (a form sent without it, before-app.ts).
              <Chip key={topic} value={topic} variant="outline" name="suggested-topic">
                {topic}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <LimitedTextInput
        label={t`Topic`}
        placeholder={t`Choose a topic above or type your own`}
        withAsterisk
        maxLength={textLimits.topic}
        {...input}
      />
    </>
  );
}

/** The spec's warning under every message form. */
export function FraudNotice() {
  const { t } = useLingui();
  return (
    <Alert variant="light" color="yellow" icon={<IconAlertTriangle />} title={t`Protect yourself from fraud`}>
      {translated(messages.fraudNotice)}
    </Alert>
  );
}
