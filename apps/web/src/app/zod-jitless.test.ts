import { expect, it } from 'vitest';

it('makes zod jitless (no eval probe under the CSP) when it runs before zod is loaded', async () => {
  await import('./zod-jitless.ts');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  // Schemas still validate, through the interpreted path.
  expect(z.object({ a: z.string() }).safeParse({ a: 1 }).success).toBe(false);
});
