/**
 * The calls list's filter bar (ADR 0051): the saved views' menu, one chip per active filter (its
 * popover edits it, × removes it), "Add filter" offering every upstream and index filter, "Clear
 * all", and the transcript search box. Each popover is a small react-hook-form form checked by the
 * list's one zod schema (model/filter-form.ts), reporting only its own fields' messages; applying
 * changes only that filter's URL keys, on the search as last chosen. The phone is normalised to
 * E.164 (libphonenumber-js, loaded on Apply). Loaded after the rows, as the form was. Its parts,
 * one file each, are in filter-bar/: the chip, "+ Add filter", a filter's editor and its fields,
 * the transcript search box.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { AgentSummary } from '@/lib/shared-queries/agents';
import { outcomesQueryOptions } from '@/lib/shared-queries/outcomes';
import { reviewRulesQueryOptions } from '@/lib/shared-queries/review-rules';
import { FILTERS, activeFilters, chipText, isActive, withoutFilter, withoutWindow, type ChipNames, type FilterId } from '../model/filter-bar';
import { hasFilters, type CallsSearch, type CallsSearchUpdate } from '../model/search-params';
import { AddFilter } from './filter-bar/add-filter';
import { initialCountry } from './filter-bar/countries';
import { FilterChip, WindowChip } from './filter-bar/filter-chip';
import { FilterEditor } from './filter-bar/filter-editor';
import type { EditorContext } from './filter-bar/filter-fields';
import { TranscriptSearch } from './filter-bar/transcript-search';
import { SavedViews } from './saved-views';

export interface FilterBarProps {
  search: CallsSearch;
  agents: AgentSummary[];
  /** The display time zone the dates are days in. */
  zone: string;
  onApply: (update: CallsSearchUpdate) => void;
  onClear: () => void;
}

export function FilterBar({ search, agents, zone, onApply, onClear }: FilterBarProps) {
  const checksData = useQuery(reviewRulesQueryOptions()).data?.checks;
  const outcomesData = useQuery(outcomesQueryOptions()).data;
  const checks = useMemo(() => checksData ?? [], [checksData]);
  const outcomes = useMemo(() => outcomesData ?? [], [outcomesData]);
  const names = useMemo<ChipNames>(() => {
    const agentNames = new Map(agents.map((a) => [a.id, a.name]));
    return {
      agent: (id) => agentNames.get(id) ?? 'Unknown agent',
      check: (id) => {
        const c = checks.find((x) => String(x.id) === id);
        return c ? (c.condition.kind === 'category' ? `Category: ${c.name}` : c.name) : `Check #${id}`;
      },
      outcome: (id) => outcomes.find((o) => String(o.id) === id)?.name ?? `Outcome #${id}`,
    };
  }, [agents, checks, outcomes]);
  const [country] = useState(initialCountry);
  // A filter picked from "Add filter" shows as a chip with its popover open until it is applied (then
  // the search has it) or its popover closes unapplied (then it goes, and the focus returns to "Add filter").
  const [adding, setAdding] = useState<FilterId | null>(null);
  const [open, setOpen] = useState<FilterId | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // The filter whose popover was just applied: its chip keeps the focus (a draft's stays until the search has it).
  const appliedRef = useRef<FilterId | null>(null);
  const searchBoxRef = useRef<HTMLInputElement>(null);
  const active = activeFilters(search);
  const shown = FILTERS.filter((f) => f.id !== 'q' && (active.includes(f) || adding === f.id));
  // Once the search has the added filter, its chip is an active one (the same element: the focus stays).
  if (adding && open !== adding && active.some((f) => f.id === adding)) setAdding(null);

  const ctx: EditorContext = {
    search,
    zone,
    agents,
    checks: checks.map((c) => ({ value: String(c.id), label: c.condition.kind === 'category' ? `Category: ${c.name}` : c.name })),
    outcomes: outcomes.map((o) => ({ value: String(o.id), label: o.name })),
    country,
  };

  function choose(id: FilterId) {
    if (id === 'q') {
      searchBoxRef.current?.focus();
      return;
    }
    if (!active.some((f) => f.id === id)) setAdding(id);
    setOpen(id);
  }

  function remove(id: FilterId) {
    if (adding === id) setAdding(null);
    onApply((current) => withoutFilter(current, id));
    addRef.current?.focus();
  }

  return (
    <div role="group" aria-label="Filters" className="flex min-h-8 flex-wrap items-center gap-2">
      <SavedViews search={search} />
      {shown.map((def) => (
        <FilterChip
          key={def.id}
          id={def.id}
          text={active.includes(def) ? chipText(search, def.id, names) : `${def.label}: …`}
          open={open === def.id}
          onOpenChange={(next) => {
            if (next) appliedRef.current = null;
            setOpen(next ? def.id : null);
            if (!next && adding === def.id && !active.includes(def)) setAdding(null);
          }}
          draft={!active.includes(def)}
          // A chip picked from "Add filter" and closed unapplied goes: the focus returns to "Add filter".
          finalFocus={() => (!active.includes(def) && appliedRef.current !== def.id ? addRef.current : true)}
          onRemove={() => remove(def.id)}
        >
          <FilterEditor
            id={def.id}
            ctx={ctx}
            onDone={(update) => {
              // Applied empty ("Any agent"), an added filter sets nothing: its chip goes, as if closed.
              const sets = isActive(update(search), def);
              appliedRef.current = sets ? def.id : null;
              if (!sets && adding === def.id) setAdding(null);
              onApply(update);
              setOpen(null);
            }}
          />
        </FilterChip>
      ))}
      {search.startedFrom || search.startedBefore ? <WindowChip search={search} onRemove={() => (onApply(withoutWindow), addRef.current?.focus())} /> : null}
      <AddFilter addRef={addRef} onChoose={choose} />
      {hasFilters(search) ? (
        <Button size="sm" variant="ghost" onClick={() => (setAdding(null), onClear())}>
          Clear all
        </Button>
      ) : null}
      <TranscriptSearch search={search} country={country} inputRef={searchBoxRef} onApply={onApply} />
    </div>
  );
}
