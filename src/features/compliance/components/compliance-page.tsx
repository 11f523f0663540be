/**
 * /compliance: what limits calling across every way of calling. Every role reads it; admins
 * change it ('compliance:admin'). The BFF enforces it on each create whatever the browser sends.
 */
import { Link } from '@tanstack/react-router';
import { BlackoutSection } from './blackout-section';
import { CapsSection } from './caps-form';
import { PageTitle } from '@/components/layout/page-title';

export function CompliancePage() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/do-not-call" className="text-sm text-blue-700 underline dark:text-blue-400">
          ← Do-not-call list
        </Link>
        <PageTitle title="Compliance" />
        <h1 className="mt-1 text-xl font-semibold">Compliance</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">How often a number may be called. The do-not-call list is on its own page.</p>
      </div>
      <CapsSection />
      <BlackoutSection />
    </div>
  );
}
