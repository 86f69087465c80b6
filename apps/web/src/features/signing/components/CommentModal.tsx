import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyModal } from './LazyModal.tsx';

type Props = {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Refuse and reject need a reason; approve takes an optional one. */
  required: boolean;
  danger?: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (comment: string) => void;
};

export const commentMaxLength = 2000;

/** Refuse / reject / approve with a comment: a dialog that keeps the keyboard focus inside while open. */
export function CommentModal({ opened, title, text, confirmLabel, required, danger = false, busy, error, onClose, onConfirm }: Props) {
  const { t } = useTranslation('signing');
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = required && comment.trim().length === 0;
  return (
    <LazyModal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!missing) onConfirm(comment.trim());
        }}
      >
        <Stack>
          <Text size="sm">{text}</Text>
          <Textarea
            label={t('comment.label')}
            description={required ? undefined : t('comment.optional')}
            withAsterisk={required}
            autosize
            minRows={3}
            maxLength={commentMaxLength}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            error={touched && missing ? t('comment.required') : undefined}
            data-autofocus
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </LazyModal>
  );
}
