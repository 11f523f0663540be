import { z } from 'zod';
import { Scope } from '../enums';

export const TokenRequest = z
  .strictObject({
    scope: z.array(Scope).min(1, { error: 'Ask for at least one scope.' }),
  })
  .meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof TokenRequest>;

export const Token = z
  .object({
    token: z.string().meta({ description: 'A JWT with exp, iat, scope (space-separated) and sub.' }),
    expiresIn: z.int().meta({ description: 'Seconds.' }),
    tokenType: z.literal('Bearer'),
  })
  .meta({ id: 'Token' });
export type Token = z.infer<typeof Token>;
