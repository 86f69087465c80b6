import { Button, Group } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consentEndpoints } from '@paraphe/contracts';
import { callEndpoint } from '../../../shared/api/endpoints.ts';
import { logout } from '../logout.ts';
import { LegalTextModal } from './LegalTextModal.tsx';

const pendingKey = ['legal-texts', 'pending'] as const;

/**
 * Terms of service published after the user's last acceptance: a dialog that cannot be dismissed stands in front
 * of the back office until they accept (recorded with its version) or log out (docs/gdpr.md).
 */
export function PendingTermsGate() {
  const { t } = useTranslation('auth');
  const client = useQueryClient();
  const pending = useQuery({
    queryKey: pendingKey,
    queryFn: ({ signal }) => callEndpoint(consentEndpoints.pendingTerms, { signal }).then((r) => r.data.terms),
    staleTime: Infinity,
  });
  const accept = useMutation({
    mutationFn: (version: number) => callEndpoint(consentEndpoints.acceptTerms, { body: { version } }).then((r) => r.data.terms),
    // A newer version published meanwhile comes back as the one to accept.
    onSuccess: (next) => client.setQueryData(pendingKey, next),
    onError: () => void client.invalidateQueries({ queryKey: pendingKey }),
  });
  const terms = pending.data;
  if (!terms) return null;
  return (
    <LegalTextModal
      text={{ ...terms, title: t('legal.newTermsTitle') }}
      intro={t('legal.newTermsText')}
      opened
      closable={false}
      onClose={() => undefined}
      actions={
        <Group justify="space-between" w="100%">
          <Button variant="default" onClick={() => void logout()}>
            {t('legal.logout')}
          </Button>
          <Button loading={accept.isPending} onClick={() => accept.mutate(terms.version)}>
            {t('legal.accept')}
          </Button>
        </Group>
      }
    />
  );
}
