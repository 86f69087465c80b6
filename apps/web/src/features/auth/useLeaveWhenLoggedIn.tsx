import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionQuery } from './session.ts';

/**
 * A public screen a logged-in user does not stay on (login, `#/new`): once the session is ready, goes to `target()`
 * (read then, e.g. the remembered return path). `waiting` is true while the session is asked or the move is under way:
 * the screen shows `<SessionWait />` meanwhile. `target` must be stable (a module-level function).
 */
export function useLeaveWhenLoggedIn(target: () => string) {
  const session = useQuery(sessionQuery);
  const navigate = useNavigate();
  const ready = session.data?.kind === 'ready';
  useEffect(() => {
    if (ready) void navigate(target(), { replace: true });
  }, [ready, navigate, target]);
  return { session, waiting: session.isPending || ready };
}

export function SessionWait() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}
