import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { presetRange, type DatePreset } from '../../model/date-presets';
import { filterDef, withFilter, type FilterId } from '../../model/filter-bar';
import { formDefaults, toSearch, type FilterForm } from '../../model/filter-form';
import type { CallsSearchUpdate } from '../../model/search-params';
import { FilterFields, type EditorContext } from './filter-fields';
import { scopedResolver } from './scoped-resolver';

/** One filter's form, checked by the one schema; Apply changes only this filter's URL keys. */
export function FilterEditor({ id, ctx, onDone }: { id: FilterId; ctx: EditorContext; onDone: (update: CallsSearchUpdate) => void }) {
  const def = filterDef(id);
  const { search, zone } = ctx;
  const form = useForm<FilterForm>({ resolver: scopedResolver(def.fields), defaultValues: formDefaults(search, ctx.country) });
  const {
    handleSubmit,
    setError,
    setValue,
    formState: { isSubmitting },
  } = form;

  async function submit(values: FilterForm) {
    let e164 = search.phone;
    if (id === 'phone') {
      e164 = undefined;
      if (values.phone) {
        const { normalisePhone, isCountryCode } = await import('@/lib/recipients/phone');
        const result = normalisePhone(values.phone, isCountryCode(values.country) ? values.country : undefined);
        if (!result.ok) {
          setError('phone', { message: `This number ${result.reason}.` }, { shouldFocus: true });
          return;
        }
        e164 = result.e164;
      }
    }
    onDone((current) => withFilter(current, id, toSearch(values, e164, current)));
  }

  function preset(p: DatePreset) {
    const range = presetRange(p, search.tz ?? zone);
    setValue('from', range.from);
    setValue('to', range.to);
    void handleSubmit(submit)();
  }

  return (
    <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate aria-label={`Filter by ${def.label}`} className="flex flex-col gap-3">
      <FilterFields id={id} form={form} ctx={ctx} onPreset={preset} />
      <div className="flex justify-end gap-2">
        <Button type="submit" variant="primary" size="sm" disabled={isSubmitting}>
          Apply
        </Button>
      </div>
    </form>
  );
}
