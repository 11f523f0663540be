/**
 * "Own local hours" on the review step: the campaigns that will be created, one per time zone, with
 * each one's share of the calls per day (and how it was shared) and its start date in its zone.
 */
import type { Recipient } from '@contract/schemas/recipient';
import { DataTable, type Column } from '@/components/ui/data-table';
import { countOf } from '@/lib/plural';
import type { CampaignPart } from '../../model/split-recipients';

export interface ZonePartsProps {
  parts: CampaignPart<Recipient>[];
  held: number;
  pending: boolean;
  error: boolean;
  batchSize: number;
  viewerZone: string;
}

export function ZoneParts({ parts, held, pending, error, batchSize }: ZonePartsProps) {
  if (error) {
    return (
      <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
        The time zones could not be found, so the campaigns per zone cannot be made yet: try again from the table above.
      </p>
    );
  }
  if (pending) {
    return (
      <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Sharing the recipients out by time zone…
      </p>
    );
  }
  const total = parts.reduce((n, p) => n + p.recipients.length, 0);
  const sum = parts.reduce((n, p) => n + (p.schedule?.batchSize ?? 0), 0);
  const columns: Column<CampaignPart<Recipient>>[] = [
    { id: 'name', header: 'Campaign', rowHeader: true, cell: (p) => p.name },
    { id: 'zone', header: 'Time zone', cell: (p) => p.schedule?.timezone ?? '—' },
    { id: 'count', header: 'Recipients', align: 'right', cell: (p) => p.recipients.length.toLocaleString('en') },
    {
      id: 'batch',
      header: 'Calls per day',
      align: 'right',
      cell: (p) => (
        <span title={`${batchSize} × ${p.recipients.length} / ${total}`}>
          {(p.schedule?.batchSize ?? batchSize).toLocaleString('en')}{' '}
          <span className="text-xs text-slate-600 dark:text-slate-400">
            ({batchSize} × {p.recipients.length}/{total})
          </span>
        </span>
      ),
    },
    {
      id: 'start',
      header: 'Start date (its zone)',
      cell: (p) => (p.schedule ? `${p.schedule.startDate}${p.schedule.startMoved ? ' (moved: the date asked for is already past there)' : ''}` : '—'),
    },
    { id: 'unsure', header: 'Without a sure zone', align: 'right', cell: (p) => (p.schedule?.unsure ?? 0).toLocaleString('en') },
  ];
  return (
    <div className="mt-4 grid gap-2" data-testid="zone-parts">
      <h3 className="font-medium">Campaigns per time zone</h3>
      <p className="text-sm">
        {countOf(parts.length, 'campaign')}, one per time zone, each calling in its own zone’s 10:00–13:00 and 14:00–20:00. The {batchSize.toLocaleString('en')}{' '}
        calls per day are shared out by each campaign’s share of the recipients (at least 1 each
        {sum !== batchSize ? `, so ${sum.toLocaleString('en')} in all` : ''}).
        {held > 0 ? ` ${countOf(held, 'number is', 'numbers are')} held back: no sure time zone.` : ''}
      </p>
      <div className="relative overflow-x-auto">
        <DataTable caption="Campaigns per time zone" columns={columns} rows={parts} getRowId={(p) => p.name} empty="No campaign: every number is held back." />
      </div>
    </div>
  );
}
