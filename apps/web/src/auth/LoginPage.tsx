import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionQuery } from './session.ts';
import { takeReturnPath } from './returnPath.ts';
import { CredentialsStep } from './CredentialsStep.tsx';
import { SecondFactorStep } from './SecondFactorStep.tsx';

/** `/`: step 1 e-mail and password, step 2 the received code (206 on /me), then back to the asked path. */
export function LoginPage() {
  const session = useQuery(sessionQuery);
  const navigate = useNavigate();
  const ready = session.data?.kind === 'ready';

  useEffect(() => {
    if (ready) void navigate(takeReturnPath(sessionStorage), { replace: true });
  }, [ready, navigate]);

  if (session.isPending || ready) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (session.data?.kind === 'secondFactor') return <SecondFactorStep challenge={session.data.challenge} />;
  return <CredentialsStep />;
}
