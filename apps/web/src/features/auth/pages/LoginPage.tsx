import { Suspense, lazy } from 'react';
import { Center, Loader } from '@mantine/core';
import { takeReturnPath } from '../returnPath.ts';
import { SessionWait, useLeaveWhenLoggedIn } from '../useLeaveWhenLoggedIn.tsx';
import { CredentialsStep } from '../components/CredentialsStep.tsx';

// Step 2 is only for accounts with a second factor: its code comes when the session asks for it.
const loadSecondFactorStep = () => import('../components/SecondFactorStep.tsx');
const SecondFactorStep = lazy(() => loadSecondFactorStep().then((m) => ({ default: m.SecondFactorStep })));

/** `/`: step 1 e-mail and password, step 2 the received code (206 on /me), then back to the asked path. */
const returnPath = () => takeReturnPath(sessionStorage);

export function LoginPage() {
  const { session, waiting } = useLeaveWhenLoggedIn(returnPath);
  if (waiting) return <SessionWait />;
  if (session.data?.kind === 'secondFactor') {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader />
          </Center>
        }
      >
        <SecondFactorStep challenge={session.data.challenge} />
      </Suspense>
    );
  }
  // Submitting the credentials fetches step 2 meanwhile, in case the account asks for a code.
  return <CredentialsStep onSubmit={() => void loadSecondFactorStep()} />;
}
