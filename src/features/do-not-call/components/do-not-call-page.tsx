/**
 * /do-not-call: the list, searchable and paged (both in the URL); operators and admins add,
 * remove, import and export. Every role reads it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { DncEntry } from '@contract/bff/do-not-call';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStates } from '@/components/ui/query-states';
import { Field } from '@/components/ui/field';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { TableSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { DNC_EXPORT_URL, dncCampaignsQueryOptions, dncListQueryOptions, invalidateDoNotCall, removeFromDoNotCall } from '@/lib/do-not-call/api';
import { HoldingCampaigns } from '@/components/do-not-call/holding-campaigns';
import { guessDefaultCountry, type CountryCode } from '@/lib/recipients/phone';
import type { DncSearch } from '../model/search-params';
import { AddNumberForm } from './add-number-form';
import { DncSearchBox } from './dnc-search-box';
import { DncRules } from './dnc-rules';
import { ImportNumbers } from './import-numbers';
import { DateTime } from '@/components/ui/date-time';
import { PhoneLink } from '@/components/phone/phone-link';
import { PageTitle } from '@/components/layout/page-title';

const SIZE = 20;
const COUNTRIES: CountryCode[] = ['FR', 'US', 'GB', 'DE', 'ES', 'IT', 'BE', 'CH', 'CA', 'NL'];
const SOURCE_LABEL: Record<DncEntry['source'], string> = { manual: 'Typed', import: 'Import', 'call-review': 'Call review', rule: 'Rule' };

export function DoNotCallPage({ search, canManage, onSearch }: { search: DncSearch; canManage: boolean; onSearch: (next: DncSearch) => void }) {
  const queryClient = useQueryClient();
  const [country, setCountry] = useState<CountryCode>(() => guessDefaultCountry());
  const [removing, setRemoving] = useState<DncEntry | null>(null);
  const list = useQuery(dncListQueryOptions({ page: search.page, size: SIZE, q: search.q }));
  const remove = useMutation({
    mutationFn: (phone: string) => removeFromDoNotCall(phone),
    onSuccess: async (_, phone) => {
      setRemoving(null);
      await invalidateDoNotCall(queryClient);
      toast.success(`${phone} was removed from the do-not-call list.`);
    },
    onError: (error) => toast.error('The number could not be removed', errorMessage(error)),
  });

  const columns: Column<DncEntry>[] = [
    { id: 'phone', header: 'Phone', cell: (e) => <PhoneLink phone={e.phone} /> },
    { id: 'reason', header: 'Reason', cell: (e) => e.reason },
    {
      id: 'source',
      header: 'Source',
      cell: (e) => (
        <span className="flex flex-wrap items-center gap-1">
          <Badge>{SOURCE_LABEL[e.source]}</Badge>
          {e.rule ? <span className="text-xs">{e.rule}</span> : null}
          {e.callId ? (
            <Link to="/calls/$callId" params={{ callId: e.callId }} className="text-xs text-blue-700 underline dark:text-blue-400">
              the call
            </Link>
          ) : null}
        </span>
      ),
    },
    { id: 'addedBy', header: 'Added by', cell: (e) => e.addedBy },
    { id: 'addedAt', header: 'Added', cell: (e) => <DateTime value={e.addedAt} /> },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: (e: DncEntry) => (
              <Button size="sm" variant="ghost" onClick={() => setRemoving(e)} aria-label={`Remove ${e.phone}`}>
                Remove
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageTitle title="Do-not-call list" />
          <h1 className="text-xl font-semibold">Do-not-call list</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            These numbers are never called: a single call to one is refused, and they are left out of bulk calls and campaigns, with the reason.
          </p>
          <p className="text-sm">
            How often any number may be called, and the dates on which nobody is:{' '}
            <Link to="/compliance" className="text-blue-700 underline dark:text-blue-400">
              contact caps and blackout dates
            </Link>
            .
          </p>
        </div>
        {canManage ? (
          <div className="flex items-end gap-3">
            <Field label="Default country" className="w-40">
              <Select
                value={country}
                onValueChange={setCountry}
                options={(COUNTRIES.includes(country) ? COUNTRIES : [country, ...COUNTRIES]).map((c) => ({ value: c, label: c }))}
              />
            </Field>
            <a href={DNC_EXPORT_URL} download className={buttonClasses('secondary')}>
              Export CSV
            </a>
          </div>
        ) : null}
      </div>

      {canManage ? (
        <div className="grid gap-4 xl:grid-cols-2">
          <AddNumberForm country={country} />
          <ImportNumbers country={country} />
        </div>
      ) : null}

      <ListedInCampaigns />

      <section aria-labelledby="dnc-list-title" className="flex flex-col gap-3">
        <h2 id="dnc-list-title" className="font-semibold">
          Numbers
        </h2>
        <DncSearchBox q={search.q ?? ''} onSearch={(q) => onSearch({ page: 1, ...(q ? { q } : {}) })} />
        <QueryStates
          query={list}
          loading={<TableSkeleton label="Loading the do-not-call list" />}
          pendingLabel="Loading the do-not-call list"
          errorTitle="The do-not-call list could not be loaded"
          isEmpty={(data) => data.content.length === 0}
          empty={
            <EmptyState
              title={search.q ? 'No number matches' : 'The list is empty'}
              description={search.q ? 'Try another number or word.' : 'Numbers added here, from a call review, by import or by a rule are listed here.'}
            />
          }
        >
          {(data) => (
            <>
              <DataTable caption="Do-not-call numbers" columns={columns} rows={data.content} getRowId={(e) => e.phone} rowLabel={(e) => e.phone} />
              <Pagination of={{ ...data, page: search.page }} noun="numbers" onChange={(next) => onSearch({ ...search, page: next.page })} />
            </>
          )}
        </QueryStates>
      </section>

      <DncRules canManage={canManage} />

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.phone ?? ''} from the do-not-call list?`}
        description="It can be called again by any call, bulk call or campaign created from now on."
        confirmLabel="Remove"
        destructive
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.phone)}
      />
    </div>
  );
}

/** Campaigns that may still call a listed number (added after they were created, by anyone or a rule). */
function ListedInCampaigns() {
  const holding = useQuery(dncCampaignsQueryOptions());
  if (!holding.data || holding.data.length === 0) return null;
  return (
    <section aria-labelledby="dnc-held-title" className="flex flex-col gap-2">
      <h2 id="dnc-held-title" className="font-semibold">
        Listed numbers in campaigns
      </h2>
      <HoldingCampaigns campaigns={holding.data} subject="Listed numbers are" />
    </section>
  );
}
