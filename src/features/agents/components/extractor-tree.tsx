import { Collapsible } from '@base-ui/react/collapsible';
import type { Extractor } from '@contract/schemas/agent';
import { focusRing } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { countExtractors, isGroup } from '../model/extractor-tree';

/** The agent's extractors, groups collapsible to any depth (closed at first: the names show the shape). */
export function ExtractorTree({ extractors, depth = 0 }: { extractors: readonly Extractor[]; depth?: number }) {
  return (
    <ul className={cn('flex flex-col gap-1', depth > 0 && 'mt-1 ml-4 border-l border-slate-200 pl-3 dark:border-slate-700')}>
      {extractors.map((e, i) => (
        <li key={`${e.name}-${i}`}>{isGroup(e) ? <ExtractorGroup extractor={e} depth={depth} /> : <ExtractorLeaf extractor={e} />}</li>
      ))}
    </ul>
  );
}

function ExtractorLeaf({ extractor }: { extractor: Extractor }) {
  return (
    <div className="py-1">
      <span className="font-mono text-sm font-medium">{extractor.name}</span>
      {extractor.description ? <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">{extractor.description}</span> : null}
    </div>
  );
}

function ExtractorGroup({ extractor, depth }: { extractor: Extractor; depth: number }) {
  const children = extractor.extractors ?? [];
  return (
    <Collapsible.Root>
      <Collapsible.Trigger className={cn('group flex items-center gap-2 rounded py-1 text-left', focusRing)}>
        <span aria-hidden="true" className="inline-block w-3 text-xs transition-transform group-data-panel-open:rotate-90">
          ▶
        </span>
        <span className="font-mono text-sm font-semibold">{extractor.name}</span>
        <span className="text-xs text-slate-600 dark:text-slate-400">group · {countExtractors(children)} inside</span>
      </Collapsible.Trigger>
      {extractor.description ? <p className="ml-5 text-sm text-slate-600 dark:text-slate-400">{extractor.description}</p> : null}
      <Collapsible.Panel>
        <ExtractorTree extractors={children} depth={depth + 1} />
      </Collapsible.Panel>
    </Collapsible.Root>
  );
}
