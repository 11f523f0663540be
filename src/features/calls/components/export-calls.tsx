/** Export every page of the current filter to CSV, with progress and cancel. The CSV code loads on the click. */
import { useRef, useState } from 'react';
import { LIMITS } from '@contract/limits';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { countOf } from '@/lib/plural';
import { fetchCallsPage } from '../api/calls-source';
import type { CallsSearch } from '../model/search-params';

export function ExportCalls({ search, zone, agentName }: { search: CallsSearch; zone: string; agentName: (id: string) => string }) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function run() {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ done: 0, total: 0 });
    try {
      const { exportAllPages } = await import('../model/csv-export');
      const { csv, rows } = await exportAllPages((page, signal) => fetchCallsPage({ ...search, page, size: LIMITS.pageSize.max }, zone, signal), {
        signal: abort.signal,
        agentName,
        onProgress: (done, total) => setProgress({ done, total }),
      });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `calls-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success('Export ready', `${countOf(rows, 'call')} in the file.`);
    } catch (error) {
      if (abort.signal.aborted) toast.success('Export cancelled');
      else toast.error('Export failed', errorMessage(error));
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  if (progress) {
    return (
      <div className="flex items-center gap-2 text-sm">
        <progress max={progress.total || 1} value={progress.done} aria-label="Export progress" />
        <span role="status">{progress.total ? `Page ${progress.done} of ${progress.total}` : 'Starting export…'}</span>
        <Button size="sm" onClick={() => controller.current?.abort()}>
          Cancel export
        </Button>
      </div>
    );
  }
  return (
    <Button size="sm" onClick={run}>
      Export CSV
    </Button>
  );
}
