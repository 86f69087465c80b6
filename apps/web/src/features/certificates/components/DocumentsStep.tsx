import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { identityDocumentKinds, type IdentityDocumentKind, type QualifiedCertificate } from '@paraphe/contracts';
import { notify } from '../../../shared/api/notify.ts';
import { useSubmitOrder, useUploadDocument } from '../api.ts';
import { certificateErrorMessage } from './errors.ts';

const accepted = 'application/pdf,image/jpeg,image/png';

/** An open order: the identity documents (ID card both sides, or a passport; a selfie optional), then submit. */
export function DocumentsStep({ certificate }: { certificate: QualifiedCertificate }) {
  const { t } = useTranslation('certificates');
  const upload = useUploadDocument();
  const submit = useSubmitOrder();
  const have = (kind: IdentityDocumentKind) => certificate.documents.find((d) => d.kind === kind);
  const complete = !!have('passport') || (!!have('idFront') && !!have('idBack'));
  const send = (kind: IdentityDocumentKind, file: File | null) => {
    if (!file) return;
    upload.mutate({ id: certificate.id, kind, file }, { onError: (error) => notify(certificateErrorMessage(error, t), 'error') });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('documents.help')}</Text>
      <List spacing="xs" listStyleType="none">
        {identityDocumentKinds.map((kind) => (
          <List.Item key={kind}>
            <Group gap="sm">
              <Button
                component="label"
                size="xs"
                variant="default"
                leftSection={<IconPlus size={14} />}
                loading={upload.isPending && upload.variables?.kind === kind}
              >
                {t(`documents.kinds.${kind}`)}
                <input type="file" accept={accepted} hidden onChange={(e) => send(kind, e.currentTarget.files?.[0] ?? null)} />
              </Button>
              <Text size="sm" c={have(kind) ? undefined : 'dimmed'}>
                {have(kind)?.fileName ?? t('documents.none')}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
      <Group>
        <Button
          disabled={!complete}
          loading={submit.isPending}
          onClick={() =>
            submit.mutate(certificate.id, {
              onSuccess: () => notify(t('done.submitted'), 'success'),
              onError: (error) => notify(certificateErrorMessage(error, t), 'error'),
            })
          }
        >
          {t('actions.submit')}
        </Button>
        {!complete && (
          <Text size="sm" c="dimmed">
            {t('documents.incomplete')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
