/**
 * Where an imported table comes from: a dropped or picked CSV file, or pasted rows. The paste box
 * is a react-hook-form field with its zod rule (this sits inside the caller's form, so it is
 * submitted by its button, not by a form of its own).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type DragEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';

export const PastedRows = z.object({ text: z.string().refine((text) => text.trim() !== '', { error: 'Paste at least one row first.' }) });
type PastedRows = z.infer<typeof PastedRows>;

export function TableSource({ onText }: { onText: (text: string, fileName: string | null) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PastedRows>({ resolver: zodResolver(PastedRows), defaultValues: { text: '' } });
  const [over, setOver] = useState(false);
  const fileId = useId();
  const read = async (file: File | undefined) => {
    if (file) onText(await file.text(), file.name);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void read(e.dataTransfer.files[0]);
  };
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center justify-center rounded-md border-2 border-dashed p-6 text-center ${over ? 'border-blue-700 bg-blue-50 dark:bg-blue-950' : 'border-slate-400'}`}
      >
        <p className="text-sm">Drop a CSV file here, or</p>
        <label htmlFor={fileId} className="mt-2 cursor-pointer text-sm font-medium text-blue-800 underline dark:text-blue-300">
          choose a CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="sr-only focus:not-sr-only"
          onChange={(e) => {
            void read(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Textarea label="Or paste rows (with or without a header)" rows={5} className="font-mono" error={errors.text?.message} {...register('text')} />
        <Button size="sm" onClick={(e) => void handleSubmit(({ text }) => onText(text, null))(e)}>
          Use pasted rows
        </Button>
      </div>
    </div>
  );
}
