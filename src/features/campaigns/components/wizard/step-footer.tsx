import { Button } from '@/components/ui/button';

/** Back / Next under each step; Next submits the step's form so its schema runs first. */
export function StepFooter({ onBack, nextLabel = 'Next', nextDisabled }: { onBack?: () => void; nextLabel?: string; nextDisabled?: boolean }) {
  return (
    <div className="mt-6 flex gap-2">
      {onBack ? (
        <Button onClick={onBack} variant="secondary">
          Back
        </Button>
      ) : null}
      <Button type="submit" variant="primary" disabled={nextDisabled}>
        {nextLabel}
      </Button>
    </div>
  );
}
