import { Suspense, lazy, useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionQuery } from '../session.ts';
import { takeReturnPath } from '../returnPath.ts';
import { CredentialsStep } from '../components/CredentialsStep.tsx';

// Step 2 is only for accounts with a second factor: its code comes when the session asks for it.
const loadSecondFactorStep = () => import('../components/SecondFactorStep.tsx');
const SecondFactorStep = lazy(() => loadSecondFactorStep().then((m) => ({ default: m.SecondFactorStep })));

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
  if (session.data?.kind === 'secondFactor') {
    return (
      <Suspense fallback={<Center py="xl"><Loader /></Center>}>
        <SecondFactorStep challenge={session.data.challenge} />
      </Suspense>
    );
  }
  // Submitting the credentials fetches step 2 meanwhile, in case the account asks for a code.
  return <CredentialsStep onSubmit={() => void loadSecondFactorStep()} />;
}
