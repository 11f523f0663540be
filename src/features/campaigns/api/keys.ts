/** Query keys of the campaigns feature; mutations invalidate by prefix. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  registry: (page: number, size: number) => [...campaignKeys.all, 'registry', { page, size }] as const,
  detail: (id: string) => [...campaignKeys.all, 'detail', id] as const,
  calls: (name: string) => [...campaignKeys.all, 'calls', name] as const,
  outboundAgents: () => [...campaignKeys.all, 'outbound-agents'] as const,
  draft: (name: string) => [...campaignKeys.all, 'draft', name] as const,
};
