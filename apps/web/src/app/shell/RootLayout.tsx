import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { logout } from '../../features/auth/index.ts';
import { SpecialStyleContext, resolveSpecialStyle, sessionStore, specialStyleClass } from './specialStyle.ts';

/** Query switches valid on every route: `error=access_denied` logs out, `u=1` applies the special style. */
export function RootLayout() {
  const { search } = useLocation();
  const accessDenied = new URLSearchParams(search).get('error') === 'access_denied';
  const special = resolveSpecialStyle(search, sessionStore());

  useEffect(() => {
    if (accessDenied) void logout();
  }, [accessDenied]);

  useEffect(() => {
    document.body.classList.toggle(specialStyleClass, special);
  }, [special]);

  return (
    <SpecialStyleContext.Provider value={special}>
      <Outlet />
    </SpecialStyleContext.Provider>
  );
}
