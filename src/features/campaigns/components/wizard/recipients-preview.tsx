/** Every recipient that will be called, virtualised so 1,000 rows cost a screenful of DOM. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { Recipient } from '@contract/schemas/recipient';

const ROW_HEIGHT = 32;

export function RecipientsPreview({ recipients, lines }: { recipients: readonly Recipient[]; lines: readonly number[] }) {
  const parent = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render by design
  const virtual = useVirtualizer({
    count: recipients.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  return (
    <div>
      <div role="table" aria-label="Recipients to call" aria-rowcount={recipients.length + 1} className="text-sm">
        <div role="rowgroup">
          <div role="row" className="grid grid-cols-[5rem_11rem_10rem_1fr] border-b border-slate-300 font-medium dark:border-slate-600">
            <span role="columnheader">Line</span>
            <span role="columnheader">Phone</span>
            <span role="columnheader">Tags</span>
            <span role="columnheader">Context variables</span>
          </div>
        </div>
        {/* The scroller is focusable so keyboard users can scroll it. */}
        <div
          ref={parent}
          role="rowgroup"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll region must be reachable by keyboard
          tabIndex={0}
          aria-label="Recipient rows, scrollable"
          className="h-64 overflow-auto"
        >
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const r = recipients[item.index]!;
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className="absolute grid w-full grid-cols-[5rem_11rem_10rem_1fr] items-center border-b border-slate-100 dark:border-slate-800"
                  style={{ top: item.start, height: ROW_HEIGHT }}
                >
                  <span role="cell">{lines[item.index]}</span>
                  <span role="cell" className="font-mono">
                    {r.phone}
                  </span>
                  <span role="cell">{r.segmentationTags?.join(', ')}</span>
                  <span role="cell" className="truncate">
                    {r.context
                      ? Object.entries(r.context)
                          .map(([k, v]) => `${k}=${String(v)}`)
                          .join('; ')
                      : ''}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
