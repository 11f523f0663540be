import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { LiveBoardPage } from '@/features/live/components/live-board-page';

export const Route = createFileRoute('/_app/live')({
  errorComponent: RouteError,
  component: LiveBoardPage,
});
