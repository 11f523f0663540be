import { cn } from '@/lib/cn';
import { WIZARD_STEPS, type WizardStep } from '../../model/step-schemas';

export const STEP_LABELS: Record<WizardStep, string> = {
  basics: 'Basics',
  schedule: 'Schedule',
  retry: 'Retry',
  recipients: 'Recipients',
  review: 'Review',
};

/** The steps as links (each step has its URL); a step with a problem is marked, in words too. */
export function StepNav({ current, flagged, onStep }: { current: WizardStep; flagged: ReadonlySet<WizardStep>; onStep: (s: WizardStep) => void }) {
  return (
    <nav aria-label="Campaign steps">
      <ol className="flex flex-wrap gap-2">
        {WIZARD_STEPS.map((step, i) => (
          <li key={step}>
            <button
              type="button"
              aria-current={step === current ? 'step' : undefined}
              onClick={() => onStep(step)}
              className={cn(
                'rounded-md border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
                step === current
                  ? 'border-blue-700 bg-blue-50 font-semibold text-blue-900 dark:bg-blue-950 dark:text-blue-100'
                  : 'border-slate-300 dark:border-slate-600',
                flagged.has(step) && 'border-red-700 text-red-800 dark:text-red-300',
              )}
            >
              {i + 1}. {STEP_LABELS[step]}
              {flagged.has(step) ? <span> (needs attention)</span> : null}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
