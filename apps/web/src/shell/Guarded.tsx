import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useMe } from '../auth/MeContext.tsx';
import { accessVerdict, type Access } from './access.ts';
import { FeatureDisabledPage } from './MessagePage.tsx';

/** A screen of the authenticated layout that needs a permission (→ /403) and maybe a feature (→ contact sales). */
export function Guarded({ access, children }: { access: Access; children: ReactNode }) {
  const me = useMe();
  const verdict = accessVerdict(me, access);
  if (verdict === 'forbidden') return <Navigate to="/403" replace />;
  if (verdict === 'featureDisabled') return <FeatureDisabledPage />;
  return children;
}
