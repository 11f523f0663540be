/**
 * The header's display time zone: names the zone every time on screen is in, and lets the user
 * pick another (kept per user by the BFF) or go back to the browser's. The button is all the first
 * screen draws; the dialog (a combobox, a portal, scroll lock: ~50 KB gzip of widgets) loads when a
 * pointer or focus comes to the button, and at the latest on the click.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDisplayZone } from '@/lib/time/display-zone';

const load = () => import('./time-zone-dialog');
const TimeZoneDialog = lazy(() => load().then((m) => ({ default: m.TimeZoneDialog })));

export function TimeZonePicker() {
  const display = useDisplayZone();
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so the dialog's closing transition still runs.
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void load().catch(() => undefined);

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        title={`Every time is shown in ${display.label}. Press to change.`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Times in {display.zone.replaceAll('_', ' ')}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <TimeZoneDialog open={open} onOpenChange={setOpen} returnFocus={button} />
        </Suspense>
      ) : null}
    </>
  );
}
