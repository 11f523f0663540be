/**
 * A transcript hit under its call's row: the snippet with the matched words marked (runs of plain
 * text rendered as text nodes and <mark>: nothing from the server is parsed as HTML), and a link
 * that opens the call's review at that transcript line with the audio cued there.
 */
import { Link } from '@tanstack/react-router';
import type { TranscriptHit as Hit } from '@contract/bff/index';
import { cn } from '@/lib/cn';
import { focusRing } from '@/components/ui/styles';
import { snippetRuns } from '../model/snippet';

export function TranscriptHit({ callId, hit }: { callId: string; hit: Hit }) {
  const who = hit.actor === 'AGENT' ? 'Agent' : hit.actor === 'ANSWERING_MACHINE' ? 'Answering machine' : 'Person';
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
      <p className="min-w-0 flex-1" data-testid="transcript-snippet">
        <span className="font-semibold">{who}: </span>
        {snippetRuns(hit.snippet).map((run, i) =>
          run.match ? (
            <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-slate-950 dark:bg-yellow-700/70 dark:text-white">
              {run.text}
            </mark>
          ) : (
            <span key={i}>{run.text}</span>
          ),
        )}
      </p>
      <Link
        to="/calls/$callId"
        params={{ callId }}
        search={{ line: hit.line }}
        className={cn('shrink-0 rounded text-blue-700 underline dark:text-blue-400', focusRing)}
      >
        Open at this line
      </Link>
    </div>
  );
}
