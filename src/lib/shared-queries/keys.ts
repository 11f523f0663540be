/**
 * The root keys of the shared resources. A feature's own key factory extends these roots, so an
 * invalidation by root reaches the shared query and the feature's own reads alike.
 */
export const agentsRoot = ['agents'] as const;
export const campaignsRoot = ['campaigns'] as const;
export const callsRoot = ['calls'] as const;
export const alertsRoot = ['alerts'] as const;
export const reviewRoot = ['review'] as const;
export const outcomesRoot = ['outcomes'] as const;
