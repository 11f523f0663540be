/**
 * One phone number's page: its display forms, do-not-call state, attempts per campaign, every call
 * to and from it across agents and campaigns (the call index's, with the upstream's newest calls of
 * the number merged in, so a call not yet indexed is there too), the latest data, the context
 * values seen, and the QA of its calls. A number with no call shows what there is (a do-not-call
 * entry, say).
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ContactCall } from '@contract/bff/contacts';
import { crumbLinkClasses, Breadcrumb } from '@/components/layout/breadcrumb';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { contactQueryOptions, upstreamCallsQueryOptions } from '../api/contact-queries';
import { phoneForms } from '../model/phone-forms';
import { ContactDoNotCall } from './contact-do-not-call';
import { CampaignAttempts, ContactCalls, ContactQa, ContextSeen, LatestData, RecipientOf } from './contact-sections';
import { PageTitle } from '@/components/layout/page-title';

export function ContactPage({ phone, canManageDoNotCall }: { phone: string; canManageDoNotCall: boolean }) {
  const { data: contact } = useSuspenseQuery(contactQueryOptions(phone));
  const upstream = useQuery(upstreamCallsQueryOptions(phone));
  const agents = useQuery(allAgentsQueryOptions());
  const navigate = useNavigate();
  const forms = useMemo(() => phoneForms(contact.phone), [contact.phone]);

  // The index's calls, and the upstream's newest ones it has not synced yet (no campaign known for those).
  const calls = useMemo(() => {
    const known = new Set(contact.calls.map((c) => c.id));
    const fresh: ContactCall[] = (upstream.data?.content ?? [])
      .filter((c) => !known.has(c.id))
      .map((c) => ({
        id: c.id,
        agentId: c.agentId,
        type: c.type,
        status: c.status,
        startTime: c.startTime,
        endTime: c.endTime,
        duration: c.duration,
        recorded: c.recorded,
        campaignName: null,
      }));
    return [...fresh, ...contact.calls].sort((a, b) => b.startTime.localeCompare(a.startTime) || b.id.localeCompare(a.id));
  }, [contact.calls, upstream.data]);
  const agentName = (id: string) => agents.data?.find((a) => a.id === id)?.name ?? (agents.isPending ? '…' : id);
  const unlisted = contact.totalCalls - contact.calls.length;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Breadcrumb current="Contact">
          <Link to="/calls" className={crumbLinkClasses}>
            Calls
          </Link>
        </Breadcrumb>
        <PageTitle title={forms.international} />
        <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
          <span className="font-mono">{forms.international}</span>
          <CopyButton value={contact.phone} label="Copy the number" />
        </h1>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-700 dark:text-slate-300">E.164</dt>
            <dd className="font-mono">{forms.e164}</dd>
          </div>
          <div>
            <dt className="text-slate-700 dark:text-slate-300">National</dt>
            <dd className="font-mono">{forms.national ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-700 dark:text-slate-300">Country</dt>
            <dd>{forms.countryName ?? forms.country ?? 'Unknown'}</dd>
          </div>
          <div>
            <dt className="text-slate-700 dark:text-slate-300">Calls</dt>
            <dd className="tabular-nums">{Math.max(contact.totalCalls, calls.length)}</dd>
          </div>
        </dl>
        <Link to="/calls" search={{ phone: contact.phone }} className="self-start text-sm text-blue-700 underline dark:text-blue-400">
          Filter the calls list by this number
        </Link>
      </div>
      <ContactDoNotCall phone={contact.phone} entry={contact.doNotCall} canManage={canManageDoNotCall} />
      <RecipientOf campaigns={contact.recipientOf} />
      <CampaignAttempts campaigns={contact.campaigns} />
      <ContactCalls
        calls={calls}
        agentName={agentName}
        onOpen={(callId) => void navigate({ to: '/calls/$callId', params: { callId } })}
        note={
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {contact.indexedAt ? (
              <>
                From the call index (up to <DateTime value={contact.indexedAt} />)
              </>
            ) : (
              'The call index has not synced yet'
            )}
            {upstream.isError ? '; the newest calls could not be read from the Voice API.' : ', and the Voice API’s newest calls of the number.'}
            {unlisted > 0 ? ` The ${unlisted} oldest indexed calls are not listed; filter the calls list by this number to see them.` : ''}
          </p>
        }
      />
      <LatestData extracted={contact.extracted} classification={contact.classification} />
      <ContextSeen context={contact.context} />
      <ContactQa reviews={contact.reviews} comments={contact.comments} />
    </div>
  );
}
