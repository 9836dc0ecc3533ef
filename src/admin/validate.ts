import type { z } from 'zod';

/**
 * The first message per field of a payload checked against the API's own zod schema, so that
 * a form says exactly what the server would say, before anything is sent.
 */
export function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
