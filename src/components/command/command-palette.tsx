/**
 * The command palette (⌘K / Ctrl-K), on `cmdk`: go to a call by id or by the number it was with,
 * a contact page, an agent, a campaign, a saved view or a screen; the actions the signed-in role
 * may use (read from the one permission table through useCan), "Pause <campaign>" after a
 * confirm; and what was opened lately. Loaded on first use (command-keys.tsx), never in the
 * first load.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { useState } from 'react';
import { GUID_PATTERN } from '@contract/formats.plain';
import { QUERY_PARAM_NAMES } from '@contract/queries.plain';
import type { RegistryEntry } from '@contract/bff/http';
import type { Permission } from '@contract/bff/permissions';
import type { Call } from '@contract/schemas/call';
import type { PageOf } from '@contract/schemas/page';
import { callStatusLabel } from '@/components/status/call-status';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { RequestError } from '@/components/ui/request-error';
import { toast } from '@/components/ui/toast';
import { apiRequest } from '@/lib/api-client';
import { contactNumber } from '@/lib/contact-number';
import { pauseCampaign } from '@/lib/do-not-call/api';
import { can, useCan, useSession } from '@/lib/session';
import { useTimeFormat } from '@/lib/time/display-zone';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { campaignChoicesQueryOptions } from '@/lib/shared-queries/campaign-registry';
import { savedViewsQueryOptions } from '@/lib/shared-queries/saved-views';
import { recentItems, remember, type RecentItem } from './recent';

const SCREENS = [
  { href: '/', label: 'Insights' },
  { href: '/calls', label: 'Calls' },
  { href: '/live', label: 'Live board' },
  { href: '/agents', label: 'Agents' },
  { href: '/campaigns', label: 'Campaigns' },
  { href: '/do-not-call', label: 'Do not call' },
  { href: '/outcomes', label: 'Outcomes' },
  { href: '/compliance', label: 'Compliance' },
  { href: '/review', label: 'Review queue' },
  { href: '/alerts', label: 'Alerts' },
  { href: '/voice-api', label: 'Voice API', permission: 'upstream:check' },
] as const satisfies readonly { href: string; label: string; permission?: Permission }[];

/** Calls of a typed number listed in the palette (the newest). */
const CALLS_OF_NUMBER = 5;

const itemClass =
  'flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-blue-100 data-[selected=true]:text-blue-950 dark:data-[selected=true]:bg-blue-900 dark:data-[selected=true]:text-white';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-700 dark:[&_[cmdk-group-heading]]:text-slate-300';

export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Go to or do" className="w-[min(40rem,calc(100vw-2rem))]">
      {open ? <PaletteBody close={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function PaletteBody({ close }: { close: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [pausing, setPausing] = useState<RegistryEntry | null>(null);
  const mayPlaceCalls = useCan('calls:write');
  const mayWriteCampaigns = useCan('campaigns:write');
  const session = useSession();
  const agents = useQuery(allAgentsQueryOptions());
  const campaigns = useQuery(campaignChoicesQueryOptions());
  const views = useQuery(savedViewsQueryOptions());
  const time = useTimeFormat();

  const typed = search.trim();
  const callId = GUID_PATTERN.test(typed) ? typed.toLowerCase() : null;
  const phone = /\d{6}/.test(typed.replace(/\D/g, '')) ? contactNumber(typed) : null;
  const phoneCalls = useQuery({
    queryKey: ['command-palette', 'calls-of', phone],
    enabled: phone !== null,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        [QUERY_PARAM_NAMES.phone]: phone!,
        [QUERY_PARAM_NAMES.size]: String(CALLS_OF_NUMBER),
        [QUERY_PARAM_NAMES.sort]: 'startTime,DESC',
      });
      return (await apiRequest<PageOf<Call>>('GET', '/v1/calls', { query, signal })).data.content;
    },
  });

  function go(item: RecentItem) {
    remember(item);
    close();
    void router.navigate({ href: item.href });
  }
  const viewHref = (searchOfView: Record<string, unknown>) => router.buildLocation({ to: '/calls', search: searchOfView as never }).href;
  const recents = recentItems();

  if (pausing) return <ConfirmPause campaign={pausing} onCancel={() => setPausing(null)} onDone={close} pause={() => pauseCampaign(queryClient, pausing.id)} />;

  return (
    <Command label="Command palette" className="flex flex-col gap-2" loop>
      <Command.Input
        value={search}
        onValueChange={setSearch}
        placeholder="A call id or phone number, an agent, a campaign, a view…"
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <Command.List className="max-h-[min(24rem,60vh)] overflow-y-auto" label="Results">
        <Command.Empty className="px-3 py-2 text-sm">Nothing matches “{typed}”.</Command.Empty>
        {typed === '' && recents.length > 0 ? (
          <Command.Group heading="Recent" className={groupClass}>
            {recents.map((r) => (
              <Command.Item key={`recent-${r.key}`} value={`recent ${r.label}`} onSelect={() => go(r)} className={itemClass}>
                {r.label}
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        {callId || phone ? (
          <Command.Group heading="Calls and numbers" className={groupClass} forceMount>
            {callId ? (
              <Command.Item
                value={`open call ${callId}`}
                keywords={[typed]}
                onSelect={() => go({ key: `call-${callId}`, label: `Call ${callId}`, href: `/calls/${callId}` })}
                className={itemClass}
              >
                Open call {callId}
              </Command.Item>
            ) : null}
            {phone ? (
              <>
                <Command.Item
                  value={`contact page ${phone}`}
                  keywords={[typed]}
                  onSelect={() => go({ key: `contact-${phone}`, label: `Contact page of ${phone}`, href: `/contacts/${encodeURIComponent(phone)}` })}
                  className={itemClass}
                >
                  Contact page of {phone}
                </Command.Item>
                {phoneCalls.isPending ? (
                  <Command.Loading>
                    <span className="px-3 py-2 text-sm">Looking for the calls with {phone}…</span>
                  </Command.Loading>
                ) : null}
                {phoneCalls.isError ? <p className="px-3 py-2 text-sm">The calls with {phone} could not be read.</p> : null}
                {phoneCalls.data?.map((c) => {
                  const label = `Call with ${c.phone}, ${time.dateTime(c.startTime)} (${callStatusLabel(c.status)})`;
                  return (
                    <Command.Item
                      key={c.id}
                      value={`call ${c.id} ${c.phone}`}
                      keywords={[typed]}
                      onSelect={() => go({ key: `call-${c.id}`, label, href: `/calls/${c.id}` })}
                      className={itemClass}
                    >
                      {label}
                    </Command.Item>
                  );
                })}
              </>
            ) : null}
          </Command.Group>
        ) : null}
        <Command.Group heading="Actions" className={groupClass}>
          {mayPlaceCalls ? (
            <Command.Item value="New call" onSelect={() => go({ key: 'new-call', label: 'New call', href: '/calls/new' })} className={itemClass}>
              New call
            </Command.Item>
          ) : null}
          {mayWriteCampaigns ? (
            <Command.Item
              value="New campaign"
              onSelect={() => go({ key: 'new-campaign', label: 'New campaign', href: '/campaigns/new' })}
              className={itemClass}
            >
              New campaign
            </Command.Item>
          ) : null}
          {mayWriteCampaigns && typed !== ''
            ? campaigns.data?.content.map((c) => (
                <Command.Item key={`pause-${c.id}`} value={`Pause ${c.name} ${c.id}`} onSelect={() => setPausing(c)} className={itemClass}>
                  Pause {c.name}
                </Command.Item>
              ))
            : null}
        </Command.Group>
        <Command.Group heading="Screens" className={groupClass}>
          {SCREENS.filter((s) => !('permission' in s) || can(session, s.permission)).map((s) => (
            <Command.Item key={s.href} value={`Go to ${s.label}`} onSelect={() => go({ key: s.href, label: s.label, href: s.href })} className={itemClass}>
              {s.label}
            </Command.Item>
          ))}
        </Command.Group>
        {typed !== '' ? (
          <>
            <Command.Group heading="Agents" className={groupClass}>
              {agents.data?.map((a) => (
                <Command.Item
                  key={a.id}
                  value={`Agent ${a.name} ${a.id}`}
                  onSelect={() => go({ key: `agent-${a.id}`, label: `Agent ${a.name}`, href: `/agents/${a.id}` })}
                  className={itemClass}
                >
                  Agent {a.name}
                </Command.Item>
              ))}
            </Command.Group>
            <Command.Group heading="Campaigns" className={groupClass}>
              {campaigns.data?.content.map((c) => (
                <Command.Item
                  key={c.id}
                  value={`Campaign ${c.name} ${c.id}`}
                  onSelect={() => go({ key: `campaign-${c.id}`, label: `Campaign ${c.name}`, href: `/campaigns/${c.id}` })}
                  className={itemClass}
                >
                  Campaign {c.name}
                </Command.Item>
              ))}
            </Command.Group>
            <Command.Group heading="Saved views" className={groupClass}>
              {views.data?.map((v) => (
                <Command.Item
                  key={v.name}
                  value={`View ${v.name}`}
                  onSelect={() => go({ key: `view-${v.name}`, label: `View ${v.name}`, href: viewHref(v.search) })}
                  className={itemClass}
                >
                  View {v.name}
                </Command.Item>
              ))}
            </Command.Group>
          </>
        ) : null}
      </Command.List>
      <p className="text-xs text-slate-700 dark:text-slate-300">↑ ↓ to move, Enter to open, Esc to close. Press ? outside a field for every shortcut.</p>
    </Command>
  );
}

/** "Pause <campaign>" asks first; the pause is the BFF's one status write route. */
function ConfirmPause({
  campaign,
  pause,
  onCancel,
  onDone,
}: {
  campaign: RegistryEntry;
  pause: () => Promise<void>;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await pause();
      toast.success(`${campaign.name} is paused.`);
      onDone();
    } catch (e) {
      setError(e);
      setPending(false);
    }
  }
  return (
    <div role="group" aria-labelledby="palette-pause-title" className="flex flex-col gap-3">
      <p id="palette-pause-title" className="font-medium">
        Pause the campaign {campaign.name}?
      </p>
      <p className="text-sm">It places no more calls until someone resumes it. Calls already under way finish.</p>
      <RequestError error={error} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="primary" onClick={() => void confirm()} disabled={pending} ref={(el) => el?.focus()}>
          {pending ? 'Pausing…' : 'Pause campaign'}
        </Button>
      </div>
    </div>
  );
}
