import { createFileRoute, Link } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { buttonClasses } from '@/components/ui/button';
import { ContactPage } from '@/features/contacts/components/contact-page';
import { contactNumber } from '@/lib/contact-number';
import { useCan } from '@/lib/session';
import { PageTitle } from '@/components/layout/page-title';

/**
 * /contacts/+33612345678: one number's page. The address may hold the number spaced or with "00";
 * what is not an international number is said so, and nothing is asked of the BFF or upstream.
 */
export const Route = createFileRoute('/_app/contacts/$phone')({
  // The query's module is imported here, not at the top: a loader's imports land in the first chunk.
  loader: async ({ context: { queryClient }, params }) => {
    const phone = contactNumber(params.phone);
    if (!phone) return;
    const { contactQueryOptions } = await import('@/features/contacts/api/contact-queries');
    await queryClient.ensureQueryData(contactQueryOptions(phone));
  },
  component: ContactRoute,
  errorComponent: RouteError,
});

function ContactRoute() {
  const { phone: raw } = Route.useParams();
  const phone = contactNumber(raw);
  const mayManage = useCan('do-not-call:manage');
  if (!phone) return <InvalidNumber />;
  return <ContactPage key={phone} phone={phone} canManageDoNotCall={mayManage} />;
}

function InvalidNumber() {
  return (
    <div className="mx-auto max-w-xl py-12">
      <PageTitle title="Not a phone number" />
      <h1 className="text-2xl font-semibold">Not a phone number</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        This address does not hold a phone number in international form (a “+”, the country code, then the number, such as +33 6 12 34 56 78). Check the link,
        or find the number in the calls list.
      </p>
      <Link to="/calls" className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to the calls list
      </Link>
    </div>
  );
}
