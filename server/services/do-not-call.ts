/**
 * The do-not-call seam of the write path: every BFF write route that dials asks it before
 * anything is sent upstream (`await ctx.dnc.filter(phones)`). The default allows every number;
 * the list itself plugs in here (AppDeps.dnc / Ctx.dnc).
 */
export interface DncVerdict {
  /** Numbers that may be called, in the order given. */
  allowed: string[];
  /** Numbers that must not be called: the write is refused with a field error on each. */
  blocked: string[];
}

export interface DoNotCall {
  filter(phones: readonly string[]): Promise<DncVerdict>;
}

export const ALLOW_ALL: DoNotCall = {
  async filter(phones) {
    return { allowed: [...phones], blocked: [] };
  },
};
