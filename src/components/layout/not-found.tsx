import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageTitle } from './page-title';

export function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-12">
      <PageTitle title="Page not found" />
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to Switchboard
      </Link>
    </div>
  );
}
