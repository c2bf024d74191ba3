import type { ZodType } from 'zod';
import { tMessage } from '@client/lib/i18n';

/**
 * Validates Mantine form values with a shared zod contract. Each issue becomes the error of its field
 * (Mantine's dotted path, e.g. `contacts.0.phone`); message keys such as `v.phone` are translated in
 * the current language, other messages pass through.
 */
export function zodResolver(schema: ZodType) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!(path in errors)) errors[path] = tMessage(issue.message);
    }
    return errors;
  };
}

/** Server 400 field messages (ApiError.fields), translated when they are message keys. */
export function fieldErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, tMessage(v)]));
}
