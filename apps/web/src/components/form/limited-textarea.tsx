import { Textarea, type TextareaProps } from '@mantine/core';
import { useLimit } from './limited-text.tsx';

/** A Textarea that stops at `maxLength` characters and says so near and at it (limited-text.tsx's rule). */
export function LimitedTextarea({ maxLength, ...props }: TextareaProps & { maxLength: number }) {
  return <Textarea {...props} {...useLimit(props, maxLength)} />;
}
