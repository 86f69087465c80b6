import { Suspense, useState } from 'react';
import { ActionIcon, Box, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { personLanguages, signerRoles, type Contact, type CrmContact } from '@paraphe/contracts';
import { languageNames } from '../../../../shared/i18n/language.ts';
import { useEditorAccount } from '../../editorAccount.ts';
import { ContactPicker } from '../../../contacts/index.ts';
import { CrmContactPicker, useCrmState } from '../../../crm/index.ts';
import type { DraftSigner } from '../../draft.ts';
import { WithPreviousCheckbox } from '../../../../shared/forms/WithPreviousCheckbox.tsx';

type Props = {
  signers: DraftSigner[];
  errors: Record<string, string>;
  onChange: (index: number, patch: Partial<DraftSigner>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** Moves a signer to another place in the order (signerIndex follows the order). */
  onMove: (from: number, to: number) => void;
};

/** Signers in their signing order: drag a card by its handle, or use the up/down buttons. */
export function SignersTab({ signers, errors, onChange, onAdd, onRemove, onMove }: Props) {
  const { t } = useTranslation('signatures');
  const [dragged, setDragged] = useState<number | null>(null);
  const languages = personLanguages.map((l) => ({ value: l, label: languageNames[l] }));
  const roles = signerRoles.map((r) => ({ value: r, label: t(`roles.${r}`) }));
  const account = useEditorAccount();
  const canPickContacts = account.permissions.includes('phonebook.read');
  // The HubSpot picker: only once the tenant is connected (and the connection is not broken); never embedded (no session).
  const crm = useCrmState(!account.embedded && account.permissions.includes('signatures.create'));
  const crmConnected = crm.data?.data.connected === true && crm.data.data.state === 'ok';
  // A contact of the address book fills the person's fields; role, order and message stay as they are.
  const fromContact = (contact: Contact): Partial<DraftSigner> => ({
    firstname: contact.firstname,
    lastname: contact.lastname,
    emailAddress: contact.mail,
    phoneNum: contact.mobile ?? '',
    language: contact.lang,
  });

  const fromCrmContact = (contact: CrmContact): Partial<DraftSigner> => ({
    firstname: contact.firstname,
    lastname: contact.lastname,
    emailAddress: contact.email,
    phoneNum: contact.phone,
    connectorIdc: contact.idc,
  });

  return (
    <Stack gap="sm">
      {errors.signers && (
        <Text c="red" size="sm">
          {errors.signers}
        </Text>
      )}
      {signers.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('signers.none')}
        </Text>
      )}
      {signers.map((s, i) => {
        const err = (field: string) => errors[`signers.${i}.${field}`];
        return (
          <Paper
            key={s.key}
            withBorder
            p="sm"
            onDragOver={(e) => dragged !== null && e.preventDefault()}
            onDrop={() => {
              if (dragged !== null && dragged !== i) onMove(dragged, i);
              setDragged(null);
            }}
            style={{ borderColor: errors[`signers.${i}`] ? 'var(--mantine-color-red-6)' : undefined, opacity: dragged === i ? 0.5 : 1 }}
          >
            <Group justify="space-between" mb="xs">
              <Group gap="xs">
                <span
                  draggable
                  onDragStart={() => setDragged(i)}
                  onDragEnd={() => setDragged(null)}
                  style={{ cursor: 'grab', display: 'flex' }}
                  title={t('signers.dragHandle')}
                >
                  <IconGripVertical size={18} aria-hidden />
                </span>
                <Text fw={600} size="sm">
                  {t('signers.order', { n: i + 1 })}
                </Text>
              </Group>
              <Group gap={4}>
                <Tooltip label={t('signers.moveUp')}>
                  <ActionIcon variant="subtle" disabled={i === 0} onClick={() => onMove(i, i - 1)} aria-label={`${t('signers.moveUp')} (${i + 1})`}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('signers.moveDown')}>
                  <ActionIcon
                    variant="subtle"
                    disabled={i === signers.length - 1}
                    onClick={() => onMove(i, i + 1)}
                    aria-label={`${t('signers.moveDown')} (${i + 1})`}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('signers.remove')}>
                  <ActionIcon variant="subtle" color="red" onClick={() => onRemove(i)} aria-label={`${t('signers.remove')} (${i + 1})`}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
            {errors[`signers.${i}`] && (
              <Text c="red" size="sm" mb="xs">
                {errors[`signers.${i}`]}
              </Text>
            )}
            {(canPickContacts || crmConnected) && (
              <Suspense fallback={null}>
                <Group align="flex-end" gap="sm" mb="xs">
                  {canPickContacts && (
                    <Box w={380} maw="100%">
                      <ContactPicker onPick={(contact) => onChange(i, fromContact(contact))} />
                    </Box>
                  )}
                  {crmConnected && (
                    <Box w={380} maw="100%">
                      <CrmContactPicker onPick={(contact) => onChange(i, fromCrmContact(contact))} />
                    </Box>
                  )}
                </Group>
              </Suspense>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <TextInput
                required
                label={t('signers.firstname')}
                value={s.firstname}
                error={err('firstname')}
                onChange={(e) => onChange(i, { firstname: e.currentTarget.value })}
              />
              <TextInput
                required
                label={t('signers.lastname')}
                value={s.lastname}
                error={err('lastname')}
                onChange={(e) => onChange(i, { lastname: e.currentTarget.value })}
              />
              <TextInput
                required
                type="email"
                label={t('signers.email')}
                value={s.emailAddress}
                error={err('emailAddress')}
                onChange={(e) => onChange(i, { emailAddress: e.currentTarget.value })}
              />
              <TextInput
                type="tel"
                label={t('signers.phone')}
                placeholder="+33612345678"
                value={s.phoneNum}
                error={err('phoneNum')}
                onChange={(e) => onChange(i, { phoneNum: e.currentTarget.value })}
              />
              <Select
                label={t('signers.language')}
                data={languages}
                value={s.language}
                allowDeselect={false}
                error={err('language')}
                onChange={(v) => v && onChange(i, { language: v as DraftSigner['language'] })}
              />
              <Select
                label={t('signers.role')}
                data={roles}
                value={s.role}
                allowDeselect={false}
                error={err('role')}
                onChange={(v) => v && onChange(i, { role: v as DraftSigner['role'] })}
              />
            </SimpleGrid>
            <Group mt="sm" align="flex-end" gap="md">
              <Checkbox label={t('signers.coSigner')} checked={s.coSigner} onChange={(e) => onChange(i, { coSigner: e.currentTarget.checked })} />
              {i > 0 && s.role !== 'observer' && <WithPreviousCheckbox checked={s.withPrevious} onChange={(withPrevious) => onChange(i, { withPrevious })} />}
              {s.connectorIdc && <TextInput size="xs" label={t('signers.connector')} value={s.connectorIdc} readOnly />}
            </Group>
            <Textarea
              mt="sm"
              autosize
              minRows={1}
              label={t('signers.invitationMessage')}
              value={s.invitationMessage}
              error={err('invitationMessage')}
              onChange={(e) => onChange(i, { invitationMessage: e.currentTarget.value })}
            />
          </Paper>
        );
      })}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
          {t('signers.add')}
        </Button>
      </Group>
    </Stack>
  );
}
