import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconCertificate, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { certificateEndpoints, type SignerCheck } from '@paraphe/contracts';
import { callEndpoint } from '../../../../shared/api/endpoints.ts';
import { formatDate } from '../../../../shared/format.ts';
import type { DraftSigner } from '../../draft.ts';
import { everySignerQualified, qualifiedSignerEmails } from '../../qualifiedSigners.ts';

/** The certificate state of each signer (role signer) of a level-3 request: the server's signer check, by e-mail. */
export function useQualifiedSignerChecks(signers: DraftSigner[]) {
  const emails = qualifiedSignerEmails(signers);
  // One query for the list (useQueries would add its observer to the shared query chunk of the login route).
  const checks = useQuery({
    queryKey: ['certificates', 'signer-check', emails],
    queryFn: ({ signal }) =>
      Promise.all(emails.map((email) => callEndpoint(certificateEndpoints.signerCheck, { query: { email }, signal }).then((r) => r.data))),
    enabled: emails.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
  const results = emails.length ? (checks.data ?? []) : [];
  return { results, allUsable: everySignerQualified(signers, results) };
}

/** The level-3 form's panel: who can sign with a qualified certificate, and the trusted-list notice. */
export function QualifiedSigners({ results }: { results: SignerCheck[] }) {
  const { t, i18n } = useTranslation('signatures');
  return (
    <Stack gap="xs">
      <Alert icon={<IconInfoCircle size={20} />} color="yellow" variant="light">
        <Text size="sm">{t('qualified.notTrustedList')}</Text>
      </Alert>
      <Alert icon={<IconCertificate size={20} />} color="blue" variant="light" title={t('qualified.signersTitle')}>
        <Text size="sm" mb="xs">
          {t('qualified.text')}{' '}
          <Anchor component={Link} to="/certificate" size="sm">
            {t('qualified.toCertificate')}
          </Anchor>
        </Text>
        {results.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('qualified.noSigner')}
          </Text>
        )}
        {results.map((r) => (
          <Group key={r.email} gap="xs">
            <Text size="sm">{r.email}</Text>
            {r.usable ? (
              <Badge color="green" variant="light">
                {t('qualified.usable', { count: r.signaturesLeft, date: formatDate(r.expiresAt, i18n.language) })}
              </Badge>
            ) : (
              <Badge color="red" variant="light">
                {t('qualified.missing')}
              </Badge>
            )}
          </Group>
        ))}
      </Alert>
    </Stack>
  );
}
