import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { DncSearchForm } from '@contract/bff/do-not-call';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The list's search box; the URL holds what was searched (a new search starts at page 1). */
export function DncSearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DncSearchForm>({ resolver: zodResolver(DncSearchForm), values: { q } });
  return (
    <form role="search" noValidate className="flex items-start gap-2" onSubmit={handleSubmit((form) => onSearch(form.q))}>
      <Field label="Find a number or a reason" error={errors.q?.message} className="w-72">
        <Input {...register('q')} />
      </Field>
      <Button type="submit" className="mt-6">
        Find
      </Button>
    </form>
  );
}
