/**
 * "Download rejected rows (CSV)": every row the validator refused (duplicates too, which the screen
 * only counts), with its original cells, its line and the reason, so a person can see which line
 * was the duplicate and fix the file. One control for every import that builds recipients.
 */
import { Button } from '@/components/ui/button';
import { rejectedRowsCsv, type TableDraft } from '@/lib/recipients/import-draft';

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export function RejectedRowsDownload({
  draft,
  problems,
  className,
}: {
  draft: TableDraft;
  problems: readonly { line: number; reason: string }[];
  className?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <Button size="sm" className={className} onClick={() => download(rejectedRowsCsv(draft, problems), 'rejected-rows.csv')}>
      Download rejected rows (CSV)
    </Button>
  );
}
