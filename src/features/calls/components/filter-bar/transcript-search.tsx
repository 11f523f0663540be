import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { controlSurface, popupSurface } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { withFilter } from '../../model/filter-bar';
import { formDefaults, toSearch, type FilterForm } from '../../model/filter-form';
import type { CallsSearch, CallsSearchUpdate } from '../../model/search-params';
import { scopedResolver } from './scoped-resolver';

/** The transcript text, always in the bar (`/` focuses it): Enter applies it, an empty box lifts it. */
export function TranscriptSearch({
  search,
  country,
  inputRef,
  onApply,
}: {
  search: CallsSearch;
  country: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onApply: (update: CallsSearchUpdate) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FilterForm>({ resolver: scopedResolver(['q']), defaultValues: formDefaults(search, country) });
  // The box follows the URL's text when another hand changes it (a link, a saved view, "Clear all").
  // Its own Enter coming back through the URL is not followed: the list may render it after the person
  // has gone on typing (a CI run saw the next text's first character undone), and the box holds it.
  const applied = useRef<string | null>(null);
  const urlText = search.q ?? '';
  const follow = useEffectEvent((text: string) => {
    const own = applied.current === text;
    applied.current = null;
    if (!own) reset(formDefaults(search, country));
  });
  useEffect(() => follow(urlText), [urlText]);
  const { ref, ...field } = register('q');
  const error = errors.q?.message;
  return (
    <form
      role="search"
      aria-label="Search transcripts"
      noValidate
      className="relative ml-auto w-full sm:w-72"
      onSubmit={(e) =>
        void handleSubmit((values) => {
          applied.current = values.q;
          onApply((current) => withFilter(current, 'q', toSearch(values, current.phone, current)));
        })(e)
      }
    >
      <input
        {...field}
        ref={(el) => {
          ref(el);
          inputRef.current = el;
        }}
        type="search"
        aria-label="Transcript text"
        title={'Words, "an exact phrase", -excluded, OR. Enter to search.'}
        placeholder="Search transcripts…"
        autoComplete="off"
        data-page-search
        aria-invalid={!!error}
        aria-describedby={error ? 'bar-q-error' : undefined}
        className={cn('h-8', controlSurface)}
      />
      {error ? (
        <p id="bar-q-error" className={cn(popupSurface, 'absolute top-full right-0 z-10 mt-1 w-full p-2 text-sm font-medium text-red-700 dark:text-red-400')}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
