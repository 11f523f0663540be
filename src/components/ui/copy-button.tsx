import { useState } from 'react';
import { cn } from '@/lib/cn';
import { toast } from './toast';
import { focusRing } from './styles';

/** Text that copies itself on click (or Enter/Space), confirming in words. */
export function CopyButton({ value, label, className }: { value: string; label?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
      toast.success(`Copied ${value}`);
    } catch {
      toast.error('Could not copy', 'Select the text and copy it by hand.');
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy ${label ?? value}`}
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded px-1.5 py-0.5 text-left font-mono text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
        focusRing,
        className,
      )}
    >
      {/* A long value (an id) wraps rather than widen its column on a phone. */}
      <span className="min-w-0 break-all">{value}</span>
      <span aria-hidden="true" className="text-xs text-slate-500 dark:text-slate-400">
        {copied ? 'Copied' : 'Copy'}
      </span>
    </button>
  );
}
