/**
 * The calls list's filters, applied together. The phone is normalised to E.164 (libphonenumber-js,
 * loaded on first use so it stays out of the list's chunk) and an impossible number is flagged
 * before any request. Dates go as a pair, as the upstream requires; presets fill both ends.
 * The parent remounts this form (key) whenever the URL changes, so local state never drifts.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { NativeSelect } from './native-select';
import { DATE_PRESETS, presetRange } from '../model/date-presets';
import type { CallsSearch } from '../model/search-params';

export type FilterValues = Pick<CallsSearch, 'agentId' | 'phone' | 'campaignName' | 'from' | 'to'>;

const COUNTRIES = ['FR', 'US', 'GB', 'DE', 'ES', 'IT', 'BE', 'CH', 'CA', 'NL'] as const;

function initialCountry(): string {
  const region = (typeof navigator === 'undefined' ? [] : navigator.languages).map((l) => l.split(/[-_]/)[1]?.toUpperCase()).find(Boolean);
  return region && (COUNTRIES as readonly string[]).includes(region) ? region : 'US';
}

export function CallsFilters({ search, agents, onApply }: { search: CallsSearch; agents: AgentSummary[]; onApply: (values: FilterValues) => void }) {
  const [agentId, setAgentId] = useState<string | null>(search.agentId ?? null);
  const [phone, setPhone] = useState(search.phone ?? '');
  const [country, setCountry] = useState(initialCountry);
  const [campaignName, setCampaignName] = useState(search.campaignName ?? '');
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const [errors, setErrors] = useState<{ phone?: string; dates?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: { phone?: string; dates?: string } = {};
    let e164: string | undefined;
    if (phone.trim()) {
      const { normalisePhone, isCountryCode } = await import('@/lib/recipients/phone');
      const result = normalisePhone(phone, isCountryCode(country) ? country : undefined);
      if (result.ok) e164 = result.e164;
      else next.phone = `This number ${result.reason}.`;
    }
    if ((from && !to) || (!from && to)) next.dates = 'Choose both a start and an end date.';
    else if (from && to && from > to) next.dates = 'The start date must not be after the end date.';
    setErrors(next);
    if (next.phone || next.dates) return;
    if (e164) setPhone(e164);
    onApply({ agentId: agentId ?? undefined, phone: e164, campaignName: campaignName.trim() || undefined, from: from || undefined, to: to || undefined });
  }

  function preset(id: (typeof DATE_PRESETS)[number]['id']) {
    const range = presetRange(id);
    setFrom(range.from);
    setTo(range.to);
    setErrors((e) => ({ ...e, dates: undefined }));
    onApply({ agentId: agentId ?? undefined, phone: search.phone, campaignName: campaignName.trim() || undefined, ...range });
  }

  return (
    <form
      onSubmit={submit}
      aria-label="Filter calls"
      className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-800"
    >
      <Combobox
        label="Agent"
        options={agents.map((a) => ({ value: a.id, label: a.name, hint: a.type === 'OUTBOUND' ? 'Outbound' : 'Inbound' }))}
        value={agentId}
        onValueChange={setAgentId}
        placeholder="Any agent"
      />
      <div className="flex gap-2">
        <Field label="Phone" error={errors.phone} description="Any common form; national numbers use the country." className="flex-1">
          <Input name="phone" value={phone} onChange={(e) => setPhone(e.target.value)} placeholder="+33 6 12 34 56 78" autoComplete="off" />
        </Field>
        <div className="flex w-24 flex-col gap-1.5">
          <label htmlFor="calls-phone-country" className="text-sm font-medium">
            Country
          </label>
          <NativeSelect
            id="calls-phone-country"
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            options={COUNTRIES.map((c) => ({ value: c, label: c }))}
          />
        </div>
      </div>
      <Field label="Campaign name" description="The exact name.">
        <Input name="campaignName" value={campaignName} onChange={(e) => setCampaignName(e.target.value)} autoComplete="off" />
      </Field>
      <fieldset className="flex min-w-0 flex-col gap-1.5">
        <legend className="text-sm font-medium">Started between (UTC dates)</legend>
        {/* Wraps rather than overflowing its grid column on narrower screens (1024–1280 wide). */}
        <div className="flex flex-wrap items-center gap-2">
          <Input
            type="date"
            aria-label="From date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            aria-invalid={!!errors.dates}
            aria-describedby={errors.dates ? 'calls-dates-error' : undefined}
          />
          <span aria-hidden="true">–</span>
          <Input
            type="date"
            aria-label="To date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={!!errors.dates}
            aria-describedby={errors.dates ? 'calls-dates-error' : undefined}
          />
        </div>
        {errors.dates ? (
          <p id="calls-dates-error" className="text-sm font-medium text-red-700 dark:text-red-400">
            {errors.dates}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-1" role="group" aria-label="Date presets">
          {DATE_PRESETS.map((p) => (
            <Button key={p.id} size="sm" variant="ghost" onClick={() => preset(p.id)}>
              {p.label}
            </Button>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" variant="primary">
          Apply filters
        </Button>
        <Button onClick={() => onApply({})}>Clear filters</Button>
      </div>
    </form>
  );
}
