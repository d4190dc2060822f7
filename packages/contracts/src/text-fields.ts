import * as z from 'zod/mini';
import { tooLong } from './text-limits.ts';
import './zod-mini.ts';

// zod's mini API (zod-mini.ts): the browser's forms check with these rules.

/** Text a person types, trimmed, at most `max` characters, said with the field's `label`. */
export const limitedText = (label: string, max: number) =>
  z.string().check(z.trim(), z.maxLength(max, tooLong(label, max)));

/** A required text: missing or blank says `required`, too long says so with the field's `label`. */
export const requiredText = (label: string, max: number, required = `${label} is required`) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong(label, max)));

/** An optional text: trimmed, at most `max` characters; empty, null or missing becomes null. */
export const optionalText = (label: string, max: number) =>
  z.pipe(
    z.optional(z.union([limitedText(label, max), z.null()])),
    z.transform((v) => (v ? v : null)),
  );
