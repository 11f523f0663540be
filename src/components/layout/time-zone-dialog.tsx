/**
 * The display time zone dialog, opened from the header's button (time-zone-picker.tsx): pick
 * another zone (kept per user by the BFF) or go back to the browser's. Loaded on first use, with
 * the combobox and the dialog machinery it needs, not with the first screen.
 */
import { useMemo, useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useDisplayZone, useSetDisplayZone } from '@/lib/time/display-zone';
import { knownTimeZones, zoneLabel } from '@/lib/time/format';

export interface TimeZoneDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header button: focus goes back to it when the dialog closes. */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

export function TimeZoneDialog({ open, onOpenChange: setOpen, returnFocus }: TimeZoneDialogProps) {
  const display = useDisplayZone();
  const setZone = useSetDisplayZone();
  const [picked, setPicked] = useState<string | null>(display.zone);
  const options = useMemo(() => (open ? knownTimeZones().map((z) => ({ value: z, label: zoneLabel(z) })) : []), [open]);

  function save(zone: string | null) {
    setZone.mutate(zone, {
      onSuccess: () => {
        setOpen(false);
        toast.success(`Times are shown in ${zoneLabel(zone ?? display.browser)}.`);
      },
      onError: (e) => toast.error('Could not change the time zone', errorMessage(e)),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      finalFocus={returnFocus}
      title="Display time zone"
      description={`Every time in the console is shown in this zone, and date filters mean days in it. This browser is in ${zoneLabel(display.browser)}.`}
    >
      <div className="flex flex-col gap-4">
        <Combobox label="Time zone" options={options} value={picked} onValueChange={setPicked} placeholder="Type a city or region" />
        <div className="flex flex-wrap justify-end gap-2">
          {display.chosen !== null ? (
            <Button variant="secondary" onClick={() => save(null)} disabled={setZone.isPending}>
              Use this browser&apos;s zone
            </Button>
          ) : null}
          <Button onClick={() => picked && save(picked)} disabled={!picked || setZone.isPending}>
            Save time zone
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
