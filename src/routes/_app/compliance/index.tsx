import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { CompliancePage } from '@/features/compliance/components/compliance-page';

export const Route = createFileRoute('/_app/compliance/')({
  errorComponent: RouteError,
  component: CompliancePage,
});
