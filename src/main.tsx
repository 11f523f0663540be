// The entry (ADR 0030). Before anything else: zod's shared config, then the cold load's first
// requests (the session bootstrap and the first screen's read), started while the framework and the
// console's code download; then the console. Only framework-free code is imported here statically
// (the build checks it).
import './lib/zod-config';
import { parseLocationSearch, startEarlyReads, type EarlyRead } from './lib/early-reads';
import { earlyAgentsReads } from './features/agents/api/first-reads';
import { earlyListReads, earlyReviewReads } from './features/calls/api/first-reads';
import { earlyInsightsReads } from './features/insights/api/first-reads';
import { browserTimeZone } from './lib/time/format';
import './styles.css';

/** The reads a page's first screen starts with, known from its address (Insights': and the session's display zone). */
function firstReads({ pathname, search }: Location): EarlyRead[] {
  const path = pathname.replace(/\/$/, '');
  if (path === '') return earlyInsightsReads(parseLocationSearch(search));
  if (path === '/calls') return earlyListReads(parseLocationSearch(search));
  if (path === '/agents') return earlyAgentsReads(parseLocationSearch(search));
  const review = /^\/calls\/([^/]+)$/.exec(path)?.[1];
  return review ? earlyReviewReads(review) : [];
}

startEarlyReads(firstReads(window.location));
void import('./start');
// The page's first Intl call loads the platform's locale and zone data (15–60 ms here, four times
// that on a slow phone). Made now, while the framework downloads and the main thread waits, it is
// not part of the first screen's render; the zone is then kept for the screens that ask for it.
browserTimeZone();
