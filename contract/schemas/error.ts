import { z } from 'zod';
import { ErrorTimestamp } from '../formats';

export const ValidationError = z
  .object({
    field: z.string().meta({ description: 'A path such as recipients[3].phone.' }),
    rejectedValue: z.unknown(),
    message: z.string(),
  })
  .meta({ id: 'ValidationError' });
export type ValidationError = z.infer<typeof ValidationError>;

export const ErrorResponse = z
  .object({
    timestamp: ErrorTimestamp,
    status: z.int(),
    message: z.string(),
    errors: z.array(ValidationError),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
