/**
 * A phone number as shown everywhere in the console: in its stored form (E.164, monospace), a link
 * to the number's contact page. Zod- and libphonenumber-free, so any list may draw it in its first
 * chunk; the contact page itself shows the other forms people use.
 * `inRow`: the link sits in a DataTable row, which is the keyboard's stop (Enter opens the row), so
 * the link is not a tab stop of its own and its click does not also open the row.
 */
import { Link } from '@tanstack/react-router';
import { cn } from '@/lib/cn';

export function PhoneLink({ phone, inRow = false, className }: { phone: string; inRow?: boolean; className?: string }) {
  return (
    <Link
      to="/contacts/$phone"
      params={{ phone }}
      tabIndex={inRow ? -1 : undefined}
      onClick={inRow ? (event) => event.stopPropagation() : undefined}
      aria-label={`Contact page of ${phone}`}
      className={cn('font-mono whitespace-nowrap text-blue-700 underline decoration-dotted underline-offset-2 dark:text-blue-400', className)}
    >
      {phone}
    </Link>
  );
}
