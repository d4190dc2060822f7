import type * as z from 'zod/mini';

/**
 * A Mantine form validator from a zod schema: the first message per field, keyed by the
 * dotted path Mantine uses ('address.postalCode'). Client and server share the schema, so a
 * field reads the same message in the form and in the API's 400.
 */
export function zodValidate<T>(schema: z.ZodMiniType) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
