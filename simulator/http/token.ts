import type { TokenRequest } from '../../contract/schemas/token';
import { issueToken } from './auth';
import type { HandlerContext } from './context';

export async function createToken({ state, caller, body, variants }: HandlerContext<unknown, unknown, TokenRequest>) {
  const scopes = [...new Set(body.scope)];
  // Tokens live in real time (the simulated clock may run fast for scheduling tests).
  const token = await issueToken(state.jwtSecret, caller.customerId, scopes, state.limits.tokenTtlSeconds, Date.now(), {
    withExp: !variants.has('token-no-exp'),
  });
  state.stats.tokensIssued += 1;
  return { token, expiresIn: state.limits.tokenTtlSeconds, tokenType: 'Bearer' as const };
}
