import { Center, Container, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import type { Application } from '@pharma/domain';
import { fetchSession, SESSION_QUERY_KEY, useSession } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { loginTarget } from '../login-target.ts';
import { LoginForm } from './login-form.tsx';

/** /rdc/login and /ldc/login. A signed-in user is sent on: to the area (or returnPath), or to /restricted. */
export function LoginPage({ area }: { area: Application }) {
  const session = useSession();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const mutation = useLogin();

  if (session.status === 'loading') {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (session.status === 'authenticated') {
    return <Navigate to={loginTarget(area, session.session.authorization, search.get('returnPath'))} replace />;
  }

  const submit = (fields: { identifier: string; password: string }) =>
    mutation.mutate(fields, {
      onSuccess: () => queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0 }),
    });

  return (
    <Container size={420} px={0} py="md">
      <LoginForm onSubmit={submit} pending={mutation.isPending} error={mutation.error} />
    </Container>
  );
}
