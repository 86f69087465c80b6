import { useEffect, useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { certificateEndpoints, pathOf, type IdentityDocument, type OperatorCertificate } from '@paraphe/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/api/notify.ts';
import { useDecide, useOperatorCertificate } from '../api.ts';
import { certificateErrorMessage } from './errors.ts';
import { CertificateStatusBadge } from './StatusBadge.tsx';

/** One identity document: an image shown inline, a PDF in a frame (fetched with the operator's token). */
function DocumentPreview({ certificateId, document }: { certificateId: string; document: IdentityDocument }) {
  const { t } = useTranslation('certificates');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    const path = pathOf(certificateEndpoints.document, { id: certificateId, docId: document.id });
    void apiFetch(path, { method: 'GET', audience: certificateEndpoints.document.auth.audience }).then(async (response) => {
      const blob = await response.blob();
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [certificateId, document.id]);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t(`documents.kinds.${document.kind}`)} — {document.fileName}
      </Text>
      {!url ? (
        <Loader size="sm" />
      ) : document.contentType === 'application/pdf' ? (
        <iframe title={document.fileName} src={url} style={{ width: '100%', height: 420, border: 0 }} />
      ) : (
        <img src={url} alt={document.fileName} style={{ maxWidth: '100%', maxHeight: 420, objectFit: 'contain' }} />
      )}
    </Stack>
  );
}

/** The operator's decision: what to check is in docs/qualified.md; a refusal needs its reason. */
export function OperatorDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('certificates');
  const detail = useOperatorCertificate(id);
  const decide = useDecide();
  const [reason, setReason] = useState('');
  const certificate: OperatorCertificate | undefined = detail.data;
  const act = (body: { decision: 'verify' } | { decision: 'reject'; reason: string }) =>
    decide.mutate(
      { id: id!, body },
      {
        onSuccess: () => {
          notify(t(`done.${body.decision}`), 'success');
          onClose();
        },
        onError: (error) => notify(certificateErrorMessage(error, t), 'error'),
      },
    );
  const decidable = certificate?.status === 'open' && !!certificate.submittedAt;
  return (
    <Modal opened={!!id} onClose={onClose} size="xl" title={t('queue.detail')}>
      {!certificate ? (
        <Loader />
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600}>
              {certificate.fullName} ({certificate.company})
            </Text>
            <CertificateStatusBadge certificate={certificate} />
          </Group>
          <Text size="sm">
            {certificate.email} — {certificate.mobile}
          </Text>
          <Text size="sm" c="dimmed">
            {t('queue.checkHelp')}
          </Text>
          {certificate.documents.map((document) => (
            <DocumentPreview key={document.id} certificateId={certificate.id} document={document} />
          ))}
          {decidable && (
            <>
              <TextInput label={t('queue.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
              <Group justify="flex-end">
                <Button
                  color="red"
                  variant="light"
                  disabled={reason.trim().length < 3}
                  loading={decide.isPending}
                  onClick={() => act({ decision: 'reject', reason })}
                >
                  {t('actions.reject')}
                </Button>
                <Button loading={decide.isPending} onClick={() => act({ decision: 'verify' })}>
                  {t('actions.verify')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
