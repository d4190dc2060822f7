import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/** Spec: search and text filters wait 500 ms after the last keystroke before the list reloads. */
export const FILTER_DEBOUNCE_MS = 500;

interface DebouncedTextInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The committed value (from the URL). */
  value: string;
  onCommit: (value: string) => void;
  /** Numeric filters keep digits only (spec §5). */
  digitsOnly?: boolean;
}

export function DebouncedTextInput({
  value,
  onCommit,
  digitsOnly = false,
  ...props
}: DebouncedTextInputProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useDebouncedCallback((next: string) => {
    committed.current = next;
    onCommit(next);
  }, FILTER_DEBOUNCE_MS);

  // Leaving the screen drops a commit still waiting: it would navigate back to this list.
  useEffect(() => () => commit.cancel(), [commit]);

  // The URL changed from elsewhere (back button, 'Clear'): show it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <TextInput
      {...props}
      inputMode={digitsOnly ? 'numeric' : props.inputMode}
      value={text}
      onChange={(event) => {
        const raw = event.currentTarget.value;
        const next = digitsOnly ? raw.replace(/\D/g, '') : raw;
        setText(next);
        commit(next.trim());
      }}
    />
  );
}
