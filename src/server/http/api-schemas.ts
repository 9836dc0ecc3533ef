import { z } from 'zod';

// Answers several endpoints share, declared once for their operations and the OpenAPI document.

export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional().describe('Field name to message, on 400'),
});
export const deletedSchema = z.object({ message: z.string(), id: z.string() });
export const messageSchema = z.object({ message: z.string() });
