/** Agents for the agents feature's tests: an outbound agent with a nested extractor tree. */
import type { Agent } from '@contract/schemas/agent';

export const renewalAgent: Agent = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  name: 'Renewal Outreach',
  type: 'OUTBOUND',
  active: true,
  recordable: true,
  archived: false,
  telephonyConfiguration: { sipConnection: { did: '+3215000000' }, phoneNumbers: ['+32470000000'] },
  configuration: {
    extractors: [
      {
        name: 'renewal',
        description: '',
        extractors: [
          { name: 'plan', description: '' },
          { name: 'payment', description: '', extractors: [{ name: 'method', description: '' }] },
        ],
      },
      { name: 'email', description: '' },
    ],
    classifiers: [],
  },
};
