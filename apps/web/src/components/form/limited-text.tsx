import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Stack, TextInput, type TextInputProps, VisuallyHidden } from '@mantine/core';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { limitNote } from './text-limit.ts';

interface Limited {
  value?: string | number | readonly string[];
  defaultValue?: string | number | readonly string[];
  description?: ReactNode;
  onChange?: (event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => void;
}

/**
 * The field stops at `max` characters and says so (limitNote): near the limit its description
 * counts down, at it the description says the limit is reached, and a polite live region says
 * that once. Works with controlled fields (`value`) and uncontrolled ones (`defaultValue`).
 */
// The Textarea lives in limited-textarea.tsx: a module holding both put Mantine's Textarea into the
// chunk every form with a limited input shares (checkout, onboarding: +1.6 KB gzip, issue 43).
export function useLimit<P extends Limited>(props: P, max: number) {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState(() => String(props.defaultValue ?? '').length);
  const length = props.value !== undefined ? String(props.value).length : typed;
  const note = limitNote(length, max);
  const limit = i18n.number(max);
  const words =
    note?.kind === 'reached'
      ? t`Limit reached: up to ${limit} characters`
      : note
        ? plural(note.left, { one: '# character left', other: '# characters left' })
        : null;
  const description =
    props.description && words ? (
      <Stack component="span" gap={2}>
        <span>{props.description}</span>
        <span>{words}</span>
      </Stack>
    ) : (
      (words ?? props.description)
    );
  return {
    maxLength: max,
    description,
    onChange: (event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => {
      setTyped(event.currentTarget.value.length);
      props.onChange?.(event);
    },
    inputContainer: (children: ReactNode) => (
      <>
        {children}
        <VisuallyHidden aria-live="polite">{note?.kind === 'reached' ? words : ''}</VisuallyHidden>
      </>
    ),
  };
}

/** A TextInput that stops at `maxLength` characters and says so near and at it. */
export function LimitedTextInput({ maxLength, ...props }: TextInputProps & { maxLength: number }) {
  return <TextInput {...props} {...useLimit(props, maxLength)} />;
}
