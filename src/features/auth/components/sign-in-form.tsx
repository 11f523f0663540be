import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoginRequest } from '@contract/bff/http';
import { Button } from '@/components/ui/button';
import { Field, FormNotice } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api-error';
import { signIn } from '@/lib/session';

/** Username and password; on success the caller decides where to go. */
export function SignInForm({ onSignedIn, sessionEnded }: { onSignedIn: () => void; sessionEnded?: boolean }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({ resolver: zodResolver(LoginRequest), defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setFormError(null);
    try {
      await signIn(queryClient, username, password);
      onSignedIn();
    } catch (e) {
      setFormError(isApiError(e) && e.status === 401 ? 'The username or password is wrong.' : errorMessage(e));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormNotice tone="warning">{sessionEnded && 'Your session ended. Sign in again to continue where you were.'}</FormNotice>
      <FormNotice tone="error">{formError}</FormNotice>
      <Field label="Username" error={errors.username?.message}>
        <Input autoComplete="username" {...register('username')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <Button type="submit" variant="primary" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
