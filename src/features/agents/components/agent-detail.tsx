import { useId } from 'react';
import type { Agent } from '@contract/schemas/agent';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { countExtractors } from '../model/extractor-tree';
import { AgentFlags } from './agent-flags';
import { ExtractorTree } from './extractor-tree';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  // An id from useId, not from the title: a title such as "Extractors (3)" has spaces, and an
  // aria-labelledby with a space names two ids, neither of which exists.
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id={id} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Every field of an agent, read-only. */
export function AgentDetail({ agent }: { agent: Agent }) {
  const { sipConnection, phoneNumbers } = agent.telephonyConfiguration;
  const { extractors, classifiers } = agent.configuration;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Overview">
        <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 sm:grid-cols-[8rem_minmax(0,1fr)] gap-y-2 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">Type</dt>
          <dd>
            <Badge tone={agent.type === 'INBOUND' ? 'violet' : 'blue'}>{agent.type === 'INBOUND' ? 'Inbound' : 'Outbound'}</Badge>
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Flags</dt>
          <dd>
            <AgentFlags agent={agent} />
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Active</dt>
          <dd>{agent.active ? 'Yes: takes and places calls' : 'No'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Records calls</dt>
          <dd>{agent.recordable ? 'Yes' : 'No'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Archived</dt>
          <dd>{agent.archived ? 'Yes' : 'No'}</dd>
          <dt className="text-slate-600 dark:text-slate-400">ID</dt>
          <dd>
            <CopyButton value={agent.id} label="agent ID" className="-ml-1.5 text-xs" />
          </dd>
        </dl>
      </Section>

      <Section title="Telephony">
        <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 sm:grid-cols-[8rem_minmax(0,1fr)] gap-y-2 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">SIP DID</dt>
          <dd>{sipConnection?.did ? <CopyButton value={sipConnection.did} label="SIP DID" className="-ml-1.5" /> : <span>None</span>}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Phone numbers</dt>
          <dd>
            {phoneNumbers.length ? (
              <ul className="flex flex-col gap-1">
                {phoneNumbers.map((n) => (
                  <li key={n}>
                    <CopyButton value={n} label={`phone number ${n}`} className="-ml-1.5" />
                  </li>
                ))}
              </ul>
            ) : (
              <span>None</span>
            )}
          </dd>
        </dl>
      </Section>

      <Section title={`Extractors (${countExtractors(extractors)})`}>
        {extractors.length ? (
          <ExtractorTree extractors={extractors} />
        ) : (
          <EmptyState title="No extractors" description="This agent extracts no data from its calls." />
        )}
      </Section>

      <Section title={`Classifiers (${classifiers.length})`}>
        {classifiers.length ? (
          <ul className="flex flex-col gap-3">
            {classifiers.map((c) => (
              <li key={c.name}>
                <p className="font-mono text-sm font-semibold">{c.name}</p>
                {c.description ? <p className="text-sm text-slate-600 dark:text-slate-400">{c.description}</p> : null}
                <ul aria-label={`Classes of ${c.name}`} className="mt-1 flex flex-wrap gap-1">
                  {c.values.map((v) => (
                    <li key={v}>
                      <Badge>{v}</Badge>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No classifiers" description="This agent does not classify its calls." />
        )}
      </Section>
    </div>
  );
}
