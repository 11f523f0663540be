/**
 * The recipients by time zone (issue 32), on the wizard's recipients and review steps: how many in
 * each zone, their calling hours and first call in their time and the viewer's, who falls outside
 * the allowed windows today, and the "own local hours" choice with what becomes of unsure numbers.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RecipientZoneGroup } from '@contract/bff/recipient-zones';
import type { Weekday } from '@contract/enums';
import type { Slot } from '@contract/time-slots';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ErrorState } from '@/components/ui/error-state';
import { countOf } from '@/lib/plural';
import { recipientZonesQueryOptions } from '../../api/recipient-zones';
import { zoneRows, type ZoneRow } from '../../model/zone-hours';
import type { UnsureZones } from '../../model/wizard-draft';
import { Select } from '@/components/ui/select';

const OUTSIDE_TEXT: Record<ZoneRow['outside'], string> = {
  no: 'Inside',
  yes: 'Outside',
  maybe: 'Maybe outside',
  unknown: 'Unknown',
};

export interface ZoneGroupsProps {
  phones: readonly string[];
  campaignZone: string;
  viewerZone: string;
  timeSlots: readonly Slot[];
  days: readonly Weekday[];
  startDate: string;
  batchSize: number;
  local: boolean;
  unsure: UnsureZones;
  onLocal?: (local: boolean) => void;
  onUnsure?: (unsure: UnsureZones) => void;
  /** Some campaigns of this draft already exist: the way it is cut can no longer change. */
  locked?: boolean;
}

export function ZoneGroups(props: ZoneGroupsProps) {
  const { phones, campaignZone, viewerZone, local, unsure, onLocal, onUnsure, locked = false } = props;
  const zones = useQuery(recipientZonesQueryOptions(phones));
  const groups: readonly RecipientZoneGroup[] = useMemo(() => zones.data?.groups ?? [], [zones.data]);
  const rows = useMemo(
    () =>
      zoneRows({
        groups,
        local,
        campaignZone,
        defaultZone: unsure === 'hold' ? null : campaignZone,
        viewerZone,
        timeSlots: props.timeSlots,
        days: props.days,
        startDate: props.startDate,
        batchSize: props.batchSize,
        now: new Date(),
      }),
    [groups, local, campaignZone, unsure, viewerZone, props.timeSlots, props.days, props.startDate, props.batchSize],
  );
  if (phones.length === 0) return null;
  if (zones.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Finding each number’s time zone…
      </p>
    );
  }
  if (zones.isError) return <ErrorState title="The time zones could not be found" error={zones.error} onRetry={() => void zones.refetch()} />;

  const sureZones = rows.filter((r) => r.certainty === 'sure').length;
  const unsureCount = rows.filter((r) => r.certainty !== 'sure').reduce((n, r) => n + r.count, 0);
  const outside = rows.filter((r) => r.outside === 'yes' || r.outside === 'maybe').reduce((n, r) => n + r.count, 0);
  const columns: Column<ZoneRow>[] = [
    { id: 'zone', header: 'Time zone', rowHeader: true, cell: (r) => r.label },
    { id: 'count', header: 'Recipients', align: 'right', cell: (r) => r.count.toLocaleString('en') },
    {
      id: 'called',
      header: 'Called as',
      cell: (r) => r.callZone ?? 'Held back',
    },
    { id: 'theirs', header: 'Calling hours, their time', cell: (r) => r.theirHours ?? '—' },
    { id: 'yours', header: `Calling hours, your time (${viewerZone})`, cell: (r) => r.yourHours ?? '—' },
    { id: 'first', header: 'First call, their time', cell: (r) => r.firstTheirs ?? '—' },
    { id: 'firstYours', header: 'First call, your time', cell: (r) => r.firstYours ?? '—' },
    {
      id: 'today',
      header: 'Allowed hours today',
      cell: (r) => (
        <span className={r.outside === 'yes' || r.outside === 'maybe' ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
          {OUTSIDE_TEXT[r.outside]}
        </span>
      ),
    },
  ];

  return (
    <div className="grid gap-2" data-testid="zone-groups">
      <p role="status" className="text-sm">
        {countOf(phones.length, 'recipient')} in {countOf(sureZones, 'time zone')}
        {unsureCount > 0 ? `; ${countOf(unsureCount, 'number has', 'numbers have')} no sure zone` : ''}.{' '}
        {outside > 0
          ? `${countOf(outside, 'person', 'people')} would be called outside 10:00–13:00 and 14:00–20:00 their time today.`
          : 'Everyone is called inside 10:00–13:00 and 14:00–20:00 their time.'}
      </p>
      <div className="relative overflow-x-auto">
        <DataTable caption="Recipients by time zone" columns={columns} rows={rows} getRowId={(r) => r.key} empty="No recipients." />
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        A zone comes from the number’s country and area code. A ported or mobile number keeps the code it was first given, so a person who moved may be in
        another zone.
      </p>
      {onLocal ? (
        <fieldset className="grid gap-2 rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600">
          <legend className="px-1 font-medium">Local hours</legend>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={local}
              disabled={locked}
              aria-describedby={locked ? 'local-hours-locked' : undefined}
              onChange={(e) => onLocal(e.target.checked)}
            />
            Call each person in their own local hours (one campaign per time zone)
          </label>
          {locked ? (
            <p id="local-hours-locked" className="text-xs text-slate-600 dark:text-slate-400">
              Some campaigns of this draft were already created: finish the submission, or discard the draft, to change this.
            </p>
          ) : null}
          {local && unsureCount > 0 && onUnsure ? (
            <label className="flex flex-col gap-1">
              Numbers with no sure zone ({unsureCount.toLocaleString('en')})
              <Select
                value={unsure}
                disabled={locked}
                onValueChange={onUnsure}
                className="max-w-md"
                options={[
                  { value: 'default', label: `Call them in the campaign’s zone (${campaignZone})` },
                  { value: 'hold', label: 'Hold them back (not called)' },
                ]}
              />
            </label>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
