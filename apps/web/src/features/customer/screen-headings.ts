import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The signed-in screens' headings as their frames show them before the app runs (build/prerender.ts
 * writes each frame once per language). The same words as the screens' own headings, so the frame
 * and the screen that replaces it read alike.
 */
export const screenHeadings = {
  dashboard: msg`Dashboard`,
  checkout: msg`Checkout`,
  subscription: msg`Select a subscription`,
  account: msg`Account Settings`,
} satisfies Record<string, MessageDescriptor>;

export type ScreenWithFrame = keyof typeof screenHeadings;
