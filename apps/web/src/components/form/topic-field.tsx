import { Alert, Chip, Group, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { messages, textLimits } from '@pria/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';

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
  /** The form's props for the topic field (`form.getInputProps('type')`). */
  input: GetInputPropsReturnType;
  onPick: (topic: string) => void;
}) {
  const labelId = useId();
  const chosen = topics.includes(input.value) ? input.value : '';
  return (
    <>
      <div>
        <Text fw={500} fz="sm" mb={8} id={labelId}>
          Choose a topic
        </Text>
        <Chip.Group value={chosen} onChange={(topic) => onPick(String(topic))}>
          <Group gap="xs" role="group" aria-labelledby={labelId}>
            {topics.map((topic) => (
              <Chip key={topic} value={topic} variant="outline">
                {topic}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <TextInput
        label="Topic"
        placeholder="Choose a topic above or type your own"
        withAsterisk
        maxLength={textLimits.topic}
        {...input}
      />
    </>
  );
}

/** The spec's warning under every message form. */
export function FraudNotice() {
  return (
    <Alert variant="light" color="yellow" icon={<IconAlertTriangle />} title="Protect yourself from fraud">
      {messages.fraudNotice}
    </Alert>
  );
}
