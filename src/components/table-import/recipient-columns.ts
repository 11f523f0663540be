/** The column roles of a recipient list (src/lib/recipients), as both import screens offer them. */
import type { ColumnRole } from '@/lib/recipients';
import type { ColumnMappingProps } from './column-mapping';

export const RECIPIENT_COLUMNS: Pick<ColumnMappingProps<ColumnRole>, 'options' | 'namedRole' | 'single'> = {
  options: [
    { value: 'phone', label: 'Phone' },
    { value: 'tags', label: 'Segmentation tags' },
    { value: 'context', label: 'Context variable' },
    { value: 'ignore', label: 'Ignore' },
  ],
  namedRole: 'context',
  single: { role: 'phone', fallback: 'context' },
};
