import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LegalText } from '@paraphe/contracts';

/** A legal text (the terms of service) in a scrollable dialog; `actions` replaces the close button (accepting it). */
export function LegalTextModal(props: { text: LegalText; opened: boolean; onClose: () => void; intro?: string; actions?: ReactNode; closable?: boolean }) {
  const { text, opened, onClose, intro, actions, closable = true } = props;
  const { t } = useTranslation('auth');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${text.title} — ${t('legal.version', { version: text.version })}`}
      size="lg"
      withCloseButton={closable}
      closeOnClickOutside={closable}
      closeOnEscape={closable}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack>
        {intro && <Text fw={600}>{intro}</Text>}
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {text.body}
        </Text>
        <Group justify="flex-end">{actions ?? <Button onClick={onClose}>{t('legal.close')}</Button>}</Group>
      </Stack>
    </Modal>
  );
}
