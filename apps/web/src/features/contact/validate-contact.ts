import { type ContactUsRequest, contactUsRequest } from '@pria/contracts/support';

/** Same zod schema as the server: one field → the first message the spec gives for it. */
export function validateContact(values: ContactUsRequest): Partial<Record<keyof ContactUsRequest, string>> {
  const result = contactUsRequest.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof ContactUsRequest, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ContactUsRequest | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
