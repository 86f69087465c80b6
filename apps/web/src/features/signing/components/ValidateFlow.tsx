import { useState } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SigningActionResult, SigningPage } from '@paraphe/contracts';
import { act } from '../api.ts';
import { actionErrorMessage, changesView, endsThePage } from '../signingErrors.ts';
import { DocumentsSection } from './DocumentsSection.tsx';
import { CommentModal } from './CommentModal.tsx';

type Props = {
  token: string;
  view: SigningPage;
  reload: () => Promise<unknown>;
  onDone: (result: SigningActionResult) => void;
  /** A failure after which nothing here can work (DOCUMENT_UNSIGNABLE): the page replaces the flow. */
  onEnd: (error: unknown) => void;
};
type Decision = 'approve' | 'reject';

/** A validator's turn: read the documents, then approve (optional comment) or reject (comment required). */
export function ValidateFlow({ token, view, reload, onDone, onEnd }: Props) {
  const { t } = useTranslation('signing');
  const [open, setOpen] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation({
    meta: { ownErrors: true },
    mutationFn: ({ decision, comment }: { decision: Decision; comment: string }) =>
      decision === 'approve' ? act(token, 'approve', { comment: comment || null }) : act(token, 'reject', { comment }),
    onSuccess: onDone,
    onError: async (failure) => {
      if (endsThePage(failure)) {
        setOpen(null);
        onEnd(failure);
      } else if (changesView(failure)) {
        setOpen(null);
        await reload();
      } else setError(actionErrorMessage(failure, t, null, Date.now()));
    },
  });
  const openDialog = (decision: Decision) => {
    setError(null);
    setOpen(decision);
  };

  return (
    <Stack gap="lg">
      <DocumentsSection documents={view.documents} />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} pos="sticky" bottom={0} style={{ zIndex: 2 }}>
        <Group justify="space-between" gap="xs" wrap="wrap-reverse">
          <Button variant="outline" color="red.9" leftSection={<IconX size={18} />} onClick={() => openDialog('reject')}>
            {t('actions.reject')}
          </Button>
          <Button leftSection={<IconCheck size={18} />} onClick={() => openDialog('approve')}>
            {t('actions.approve')}
          </Button>
        </Group>
      </Paper>
      {(['approve', 'reject'] as const).map((decision) => (
        <CommentModal
          key={decision}
          opened={open === decision}
          title={t(`${decision}.title`)}
          text={t(`${decision}.text`)}
          confirmLabel={t(`actions.${decision}`)}
          required={decision === 'reject'}
          danger={decision === 'reject'}
          busy={decide.isPending}
          error={error}
          onClose={() => setOpen(null)}
          onConfirm={(comment) => decide.mutate({ decision, comment })}
        />
      ))}
    </Stack>
  );
}
