// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecipientZones } from '@contract/bff/recipient-zones';
import { ZoneGroups, type ZoneGroupsProps } from './zone-groups';

const bffRequest = vi.fn<(method: string, path: string, body?: unknown) => Promise<RecipientZones>>();
vi.mock('@/lib/api-client', () => ({ bffRequest: (m: string, p: string, b?: unknown) => bffRequest(m, p, b) }));

afterEach(() => {
  cleanup();
  bffRequest.mockReset();
});

function renderGroups(props: Partial<ZoneGroupsProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const all: ZoneGroupsProps = {
    phones: ['+12125550100', '+19075550100', 'x'],
    campaignZone: 'America/New_York',
    viewerZone: 'Europe/Paris',
    timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
    days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
    startDate: '2099-01-05',
    batchSize: 10,
    local: false,
    unsure: 'default',
    ...props,
  };
  return render(
    <QueryClientProvider client={client}>
      <ZoneGroups {...all} />
    </QueryClientProvider>,
  );
}

describe('ZoneGroups', () => {
  it('says it is finding the zones, then names sure, ambiguous and unknown groups', async () => {
    let answer!: (z: RecipientZones) => void;
    bffRequest.mockReturnValue(new Promise((r) => (answer = r)));
    const onLocal = vi.fn();
    renderGroups({ onLocal });
    expect(screen.getByRole('status')).toHaveTextContent('Finding each number’s time zone…');
    answer({
      groups: [
        { zone: 'America/New_York', certainty: 'sure', candidates: ['America/New_York'], indexes: [0] },
        { zone: null, certainty: 'ambiguous', candidates: ['America/Adak', 'America/Anchorage'], indexes: [1] },
        { zone: null, certainty: 'unknown', candidates: [], indexes: [2] },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Recipients by time zone' });
    expect(within(table).getByRole('rowheader', { name: 'Ambiguous: America/Adak or America/Anchorage' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Zone unknown' })).toBeInTheDocument();
    expect(screen.getByText(/3 recipients in 1 time zone; 2 numbers have no sure zone\./)).toBeInTheDocument();
    expect(bffRequest).toHaveBeenCalledWith('POST', '/bff/recipients/zones', { phones: ['+12125550100', '+19075550100', 'x'] });
    fireEvent.click(screen.getByRole('checkbox', { name: /Call each person in their own local hours/ }));
    expect(onLocal).toHaveBeenCalledWith(true);
  });

  it('draws twelve zones', async () => {
    const zones = Array.from({ length: 12 }, (_, i) => `Etc/GMT-${i}`);
    bffRequest.mockResolvedValue({ groups: zones.map((zone, i) => ({ zone, certainty: 'sure', candidates: [zone], indexes: [i] })) });
    renderGroups({ phones: zones.map((_, i) => `+1${i}`) });
    const table = await screen.findByRole('table', { name: 'Recipients by time zone' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(12);
  });

  it('says when the zones could not be found, and tries again', async () => {
    bffRequest.mockRejectedValueOnce(new Error('The BFF is down.'));
    renderGroups();
    expect(await screen.findByRole('alert')).toHaveTextContent('The time zones could not be found');
    bffRequest.mockResolvedValue({ groups: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Recipients by time zone' })).toBeInTheDocument();
  });
});

describe('ZoneGroups once parts exist', () => {
  it('keeps the way the draft is cut', async () => {
    bffRequest.mockResolvedValue({ groups: [{ zone: 'America/New_York', certainty: 'sure', candidates: ['America/New_York'], indexes: [0, 1, 2] }] });
    renderGroups({ onLocal: vi.fn(), locked: true });
    expect(await screen.findByRole('checkbox', { name: /Call each person in their own local hours/ })).toBeDisabled();
    expect(screen.getByText(/already created/)).toBeInTheDocument();
  });
});
