import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { withMeta } from './zod-mini.ts';

describe("zod's mini API for the schemas the browser runs", () => {
  it("says zod's English messages where a schema has none, with no classic schema made (as in the browser)", () => {
    // A process of its own: here, the contracts' classic schemas have loaded classic zod's messages.
    const script = `
      const { cardFormSchema } = await import(${JSON.stringify(new URL('./card-form.ts', import.meta.url).href)});
      const { limitedText } = await import(${JSON.stringify(new URL('./text-fields.ts', import.meta.url).href)});
      const phone = cardFormSchema().safeParse({ phone: '1'.repeat(15) }).error.issues.find((i) => i.path[0] === 'phone');
      console.log(JSON.stringify([phone.message, limitedText('Topic', 100).safeParse(5).error.issues[0].message]));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([
      'Too big: expected string to have <=14 characters',
      'Invalid input: expected string, received number',
    ]);
  });

  it("registers a schema's metadata on a copy, as classic zod's .meta() does", () => {
    const plain = z.string();
    const described = withMeta(plain, { description: 'A name' });
    expect(described).not.toBe(plain);
    expect(z.globalRegistry.get(described)).toEqual({ description: 'A name' });
    expect(z.globalRegistry.get(plain)).toBeUndefined();
    expect(z.toJSONSchema(described)).toMatchObject({ type: 'string', description: 'A name' });
  });
});
