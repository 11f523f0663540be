import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { IndexFreshness } from '@/components/data/index-freshness';
import { countOf } from '@/lib/plural';
import { fetchExactCount, type CallsPage } from '../api/calls-source';
import { toIndexQuery, type CallsSearch } from '../model/search-params';

/**
 * How many calls, and where they come from: the index (with its freshness) or the upstream. A count
 * the index stopped at its cap reads "1,000+ calls", with "Count all" for the exact figure; a page
 * trimmed from whole UTC days says what its count covers.
 */
export function ListSource({
  page,
  refreshing,
  zone,
  search,
  displayZone,
}: {
  page: CallsPage;
  refreshing: boolean;
  zone: string;
  search: CallsSearch;
  displayZone: string;
}) {
  const searchKey = toIndexQuery({ ...search, page: 1 }, displayZone).toString();
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const exact = useQuery({
    queryKey: ['calls', 'exact-count', searchKey],
    queryFn: () => fetchExactCount(search, displayZone),
    enabled: !page.totalExact && askedFor === searchKey,
    staleTime: 60_000,
  });
  const capped = !page.totalExact;
  const trimmed = page.trimmedCount;
  const count = capped
    ? exact.data !== undefined && askedFor === searchKey
      ? countOf(exact.data, 'call')
      : `${page.totalElements.toLocaleString('en')}+ calls`
    : trimmed
      ? `Up to ${countOf(page.totalElements, 'call')} on the UTC days ${trimmed.utcFrom} to ${trimmed.utcTo}; ${page.content.length} of this page's ${trimmed.sent} in your ${zone} days`
      : countOf(page.totalElements, 'call');
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
      <p role="status">
        {count}
        {capped && exact.isFetching ? ' · counting…' : ''}
        {refreshing ? ' · refreshing…' : ''}
      </p>
      {capped && askedFor !== searchKey ? (
        <Button size="sm" variant="ghost" onClick={() => setAskedFor(searchKey)} title="The count stopped at its cap; count every matching call (slower)">
          Count all
        </Button>
      ) : null}
      {capped && exact.isError && askedFor === searchKey ? <p role="alert">The calls could not be counted. Try again.</p> : null}
      {page.source === 'index' ? (
        <p>
          From the call index · <IndexFreshness indexedAt={page.indexedAt} />
          {page.transcriptsPending ? (
            // Transcripts are read after the calls: a text search cannot find what they have not reached.
            <>
              {' · '}
              {countOf(page.transcriptsPending, 'call whose transcript is', 'calls whose transcripts are')} not indexed yet (just ended or in progress): the
              text search does not cover them
            </>
          ) : null}
        </p>
      ) : trimmed ? (
        <p>The call index does not hold all of these days, so the upstream counts whole UTC days; calls outside your {zone} days are left out of each page.</p>
      ) : null}
    </div>
  );
}
