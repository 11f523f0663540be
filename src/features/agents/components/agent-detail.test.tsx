// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '@contract/schemas/agent';
import { renewalAgent } from '../testing/agents';
import { AgentDetail } from './agent-detail';

/** The SIP DID cell of the Telephony section. */
function sipDid(): HTMLElement {
  const section = screen.getByRole('region', { name: 'Telephony' });
  return within(section).getByText('SIP DID').nextElementSibling as HTMLElement;
}

afterEach(cleanup);

describe('AgentDetail: the SIP connection', () => {
  it('shows the DID of an object with a string did (the Voice API shape)', () => {
    const agent = Agent.parse({ ...renewalAgent, telephonyConfiguration: { sipConnection: { did: 'sip:renewals@voice.example.com' }, phoneNumbers: [] } });
    render(<AgentDetail agent={agent} />);
    expect(sipDid()).toHaveTextContent('sip:renewals@voice.example.com');
  });

  it.each([
    ['null', { sipConnection: null, phoneNumbers: [] }],
    ['absent', { phoneNumbers: [] }],
  ])('tolerates a sipConnection that is %s: the agent is read and shows None', (_, telephonyConfiguration) => {
    const agent = Agent.parse({ ...renewalAgent, telephonyConfiguration });
    render(<AgentDetail agent={agent} />);
    expect(sipDid()).toHaveTextContent('None');
  });
});
