import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Center, Container, Loader, Text } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignatureSendData } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { useEmbeddedDraft } from '../api.ts';
import { DraftEditor } from '../components/view/DraftEditor.tsx';
import { EmbeddedAccountContext, type EditorAccount } from '../editorAccount.ts';
import { postEditorEvent } from '../embed/editorEmbed.ts';

/**
 * `/embed/edit/<token>` (docs/embedding.md, embedded sending): the draft's editor alone — documents, fields, signers,
 * options, save and send — in the tenant's frame, without the back office around it. Events to the parent: `loaded`,
 * `saved`, `sent`, `error` (`resized` comes from the bridge).
 */
export function EmbeddedEditorPage() {
  const { id } = useParams();
  return (
    <Container size="lg" py="md">
      {id ? <EmbeddedDraft id={id} /> : <LinkEnded />}
    </Container>
  );
}

/** The link opens nothing (unknown, past its 15 minutes, its draft sent or deleted): said, and told to the parent once. */
function LinkEnded() {
  const { t } = useTranslation('signatures');
  useEffect(() => postEditorEvent('error', { reason: 'ended' }), []);
  return (
    <Alert color="orange" variant="light" icon={<IconLinkOff size={18} />} title={t('embed.endedTitle')}>
      {t('embed.ended')}
    </Alert>
  );
}

function EmbeddedDraft({ id }: { id: string }) {
  const { t } = useTranslation('signatures');
  const draft = useEmbeddedDraft(id);
  const [sent, setSent] = useState<SignatureSendData | null>(null);
  const loaded = useRef(false);
  const refetch = draft.refetch;
  const context = draft.data?.context;

  const account = useMemo<EditorAccount | null>(
    () =>
      context
        ? {
            language: context.language,
            application: { testMode: context.testMode, features: context.features },
            permissions: ['signatures.read', 'signatures.create'],
            embedded: {
              onDone(request, wasSent) {
                postEditorEvent(wasSent ? 'sent' : 'saved', { requestId: request.id, status: request.status });
                if (wasSent) setSent(request);
                else void refetch();
              },
            },
          }
        : null,
    [context, refetch],
  );

  useEffect(() => {
    if (draft.isSuccess && !loaded.current) {
      loaded.current = true;
      postEditorEvent('loaded', { requestId: id });
    }
  }, [draft.isSuccess, id]);
  const ended = draft.error instanceof ApiError && (draft.error.status === 401 || draft.error.status === 409);
  useEffect(() => {
    if (draft.isError && !ended) postEditorEvent('error', { reason: 'error' });
  }, [draft.isError, ended]);

  if (sent)
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title={t('embed.sentTitle')}>
        <Text size="sm">{t('embed.sent', { label: sent.label })}</Text>
      </Alert>
    );
  if (ended) return <LinkEnded />;
  if (draft.isError)
    return (
      <Alert color="red" variant="light">
        {t('embed.failed')}
      </Alert>
    );
  if (!draft.data || !account)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading', { ns: 'common' })} />
      </Center>
    );
  return (
    <EmbeddedAccountContext.Provider value={account}>
      <ModalsProvider>
        <DraftEditor request={draft.data.request} />
      </ModalsProvider>
    </EmbeddedAccountContext.Provider>
  );
}
