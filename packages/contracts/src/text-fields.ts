import { z } from 'zod';
import { tooLong } from './text-limits.ts';

/** Text a person types, trimmed, at most `max` characters, said with the field's `label`. */
export const limitedText = (label: string, max: number) => z.string().trim().max(max, tooLong(label, max));

/** A required text: missing or blank says `required`, too long says so with the field's `label`. */
export const requiredText = (label: string, max: number, required = `${label} is required`) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong(label, max));
