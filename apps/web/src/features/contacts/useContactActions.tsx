import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@paraphe/contracts';
import { notify } from '../../shared/api/notify.ts';
import { useDeleteContact } from './api.ts';
import { contactDisplayName } from './contactName.ts';

/** Deleting a contact, after a confirmation that says requests already sent keep their signers. */
export function useContactActions() {
  const { t } = useTranslation('contacts');
  const deleteContact = useDeleteContact();
  return {
    remove: (contact: Contact, onDeleted?: () => void) =>
      modals.openConfirmModal({
        title: t('deleteTitle'),
        children: <Text size="sm">{t('deleteConfirm', { name: contactDisplayName(contact), mail: contact.mail })}</Text>,
        labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          deleteContact.mutate(contact.id, {
            onSuccess: () => {
              notify(t('deleted'), 'success');
              onDeleted?.();
            },
          }),
      }),
  };
}
