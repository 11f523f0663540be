import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '@/components/layout/app-shell';

export const Route = createFileRoute('/agents')({
  component: () => (
    <AppShell>
      <h1 className="text-xl font-semibold">Agents</h1>
      <Outlet />
    </AppShell>
  ),
});
