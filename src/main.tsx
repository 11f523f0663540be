// The entry (ADR 0030). Before anything else: zod's shared config, then the cold load's first
// requests (the session bootstrap and the first screen's read), started while the framework and the
// console's code download; then the console. Only framework-free code is imported here statically
// (the build checks it).
import './lib/zod-config';
import { parseLocationSearch, startEarlyReads, type ProxyRead } from './lib/early-reads';
import { earlyListReads } from './features/calls/api/list-read';
import './styles.css';

/** The reads a page's first screen starts with, known from its address alone. */
function firstReads({ pathname, search }: Location): ProxyRead[] {
  if (pathname.replace(/\/$/, '') === '/calls') return earlyListReads(parseLocationSearch(search));
  return [];
}

startEarlyReads(firstReads(window.location));
void import('./start');
