import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { VoiceApiPage } from '@/features/upstream/components/voice-api-page';

export const Route = createFileRoute('/_app/voice-api')({
  errorComponent: RouteError,
  component: VoiceApiPage,
});
