/**
 * The calls table and the detail panel beside it (issue 34, ADR 0052). A click or Space on a row
 * selects it and the panel shows that call; `j`/`k` (or ↓/↑) move the selection with the panel
 * following; Enter or `o` opens the full review; Escape closes the panel and gives the focus back
 * to the row (the keys: `callsRowKey`, calls-table.tsx).
 *
 * Only the selection itself lives here, in the list's first load; everything else of the panel —
 * its URL (`call=`, written once the selection settles), the wait before reading, the layout of a
 * wide or narrow screen and the panel — is call-panel.tsx's `PanelHost`, a chunk of its own,
 * preloaded once the rows are on screen (`preloadCallPanel`) and drawn directly once loaded.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CallsColumn, CallsDensity } from '@contract/bff/preferences.plain';
import type { CallRow } from '../api/calls-source';
import { CallsTable } from './calls-table';
import type { CallsSelection } from '../model/row-keys';
import type { PanelHost as PanelHostComponent, callsRowKey } from './call-panel';

type PanelModule = { PanelHost: typeof PanelHostComponent; callsRowKey: typeof callsRowKey };

/** The panel's module once loaded: drawn directly then, in the frame of the click (a lazy component suspends once first). */
let panelModule: PanelModule | undefined;
/**
 * The lists drawn now, told when the module arrives: its row keys must reach the table then, and
 * nothing else need draw the list again (the lazy panel's boundary draws only the panel). A key
 * pressed in between did nothing: a CI run's `o`, pressed once the panel showed its call.
 */
const panelArrivals = new Set<() => void>();
const loadPanel = () =>
  import('./call-panel').then((m) => {
    panelModule = m;
    for (const arrived of panelArrivals) arrived();
    return m;
  });
function onPanelArrival(arrived: () => void) {
  panelArrivals.add(arrived);
  return () => void panelArrivals.delete(arrived);
}
const loadedPanel = () => panelModule;
const LazyPanelHost = lazy(() => loadPanel().then((m) => ({ default: m.PanelHost })));

/** Loads the panel's code ahead of its first use (once the rows are on screen). */
export function preloadCallPanel(): Promise<unknown> {
  return loadPanel();
}

export interface CallsBrowserProps {
  calls: CallRow[];
  sort: string;
  agentName: (id: string) => string;
  onSort: (sort: string) => void;
  visible: readonly CallsColumn[];
  density: CallsDensity;
  /** The URL's selected call. */
  selectedInUrl: string | undefined;
}

export function CallsBrowser({ calls, sort, agentName, onSort, visible, density, selectedInUrl }: CallsBrowserProps) {
  const [selected, setSelected] = useState(selectedInUrl);
  const panel = useSyncExternalStore(onPanelArrival, loadedPanel);
  const tableRef = useRef<HTMLDivElement>(null);
  // The selection the URL was last given (by the panel's host); a URL changed from elsewhere (Back,
  // a link) moves the selection.
  const writtenRef = useRef(selectedInUrl);
  useEffect(() => {
    if (selectedInUrl === writtenRef.current) return;
    writtenRef.current = selectedInUrl;
    setSelected(selectedInUrl);
  }, [selectedInUrl]);

  const selection = useMemo<CallsSelection>(
    () => ({
      selectedId: selected,
      onSelect: (row) => {
        // The table keeps the width it has now while the panel opens beside it (call-panel.tsx's
        // useKeptTableWidth says why and takes it back): read before anything moves, so it is cheap.
        const box = tableRef.current;
        box?.style.setProperty('--calls-table-rest-width', `${box.querySelector('table')?.offsetWidth ?? 0}px`);
        setSelected(row.id);
      },
      // The selection follows the focus while the panel is open.
      onMove: (row) => setSelected((now) => (now === undefined ? now : row.id)),
      onClose: () => setSelected(undefined),
    }),
    [selected],
  );

  const open = selected !== undefined;
  const PanelHost = panel?.PanelHost ?? LazyPanelHost;
  return (
    <div className={open ? 'lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-4' : undefined}>
      <div ref={tableRef} className="min-w-0 [&_table]:min-w-(--calls-table-rest-width)">
        <CallsTable
          calls={calls}
          sort={sort}
          agentName={agentName}
          onSort={onSort}
          visible={visible}
          density={density}
          selection={selection}
          rowKey={panel?.callsRowKey}
        />
      </div>
      {open || panel ? (
        <Suspense fallback={open ? <p className="text-sm">Loading the call…</p> : null}>
          <PanelHost selected={selected} setSelected={setSelected} writtenRef={writtenRef} calls={calls} agentName={agentName} tableRef={tableRef} />
        </Suspense>
      ) : null}
    </div>
  );
}
