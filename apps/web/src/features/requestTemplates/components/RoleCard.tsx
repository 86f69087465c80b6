import { Suspense } from 'react';
import { ActionIcon, Box, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { personLanguages, signerRoles, type Contact } from '@paraphe/contracts';
import { languageNames } from '../../../shared/i18n/language.ts';
import { WithPreviousCheckbox } from '../../../shared/forms/WithPreviousCheckbox.tsx';
import { ContactPicker } from '../../contacts/index.ts';
import { PersonFields } from './PersonFields.tsx';
import { emptyPerson, type PersonForm, type RoleDraft } from '../templateForm.ts';

type Props = {
  index: number;
  count: number;
  role: RoleDraft;
  prefill: PersonForm | undefined;
  errors: Record<string, string>;
  canPickContacts: boolean;
  onChange: (patch: Partial<RoleDraft>) => void;
  onPrefill: (person: PersonForm | undefined) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** One role: its name, kind, language, order, invitation text, and the person who always takes it (optional). */
export function RoleCard({ index: i, count, role, prefill, errors, canPickContacts, onChange, onPrefill, onMove, onRemove }: Props) {
  const { t } = useTranslation('requestTemplates');
  const err = (field: string) => errors[`signers.${i}.${field}`];
  const whole = errors[`signers.${i}`];
  const setPerson = (patch: Partial<PersonForm>) => onPrefill({ ...(prefill ?? emptyPerson()), ...patch });
  const fromContact = (c: Contact) => setPerson({ firstname: c.firstname, lastname: c.lastname, emailAddress: c.mail, phoneNum: c.mobile ?? '' });
  const number = i + 1;
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-label={t('roles.cardLabel', { n: number })}
      style={{ borderColor: whole ? 'var(--mantine-color-red-6)' : undefined }}
    >
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {t('roles.order', { n: number })}
        </Text>
        <Group gap={4}>
          <Tooltip label={t('roles.moveUp')}>
            <ActionIcon variant="subtle" disabled={i === 0} onClick={() => onMove(i - 1)} aria-label={`${t('roles.moveUp')} (${number})`}>
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('roles.moveDown')}>
            <ActionIcon variant="subtle" disabled={i === count - 1} onClick={() => onMove(i + 1)} aria-label={`${t('roles.moveDown')} (${number})`}>
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('roles.remove')}>
            <ActionIcon variant="subtle" color="red" disabled={count === 1} onClick={onRemove} aria-label={`${t('roles.remove')} (${number})`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {whole && (
        <Text c="red" size="sm" mb="xs">
          {whole}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          required
          label={t('roles.name')}
          description={t('roles.nameHelp')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={role.firstname}
          error={err('firstname')}
          onChange={(e) => onChange({ firstname: e.currentTarget.value })}
        />
        <Select
          label={t('roles.kind')}
          data={signerRoles.map((r) => ({ value: r, label: t(`roleKinds.${r}`) }))}
          value={role.role}
          allowDeselect={false}
          error={err('role')}
          onChange={(v) => v && onChange({ role: v as RoleDraft['role'] })}
        />
        <Select
          label={t('roles.language')}
          data={personLanguages.map((l) => ({ value: l, label: languageNames[l] }))}
          value={role.language}
          allowDeselect={false}
          error={err('language')}
          onChange={(v) => v && onChange({ language: v as RoleDraft['language'] })}
        />
      </SimpleGrid>
      <Group mt="sm" gap="md">
        <Checkbox label={t('roles.coSigner')} checked={role.coSigner} onChange={(e) => onChange({ coSigner: e.currentTarget.checked })} />
        {i > 0 && role.role !== 'observer' && <WithPreviousCheckbox checked={role.withPrevious} onChange={(withPrevious) => onChange({ withPrevious })} />}
      </Group>
      <Textarea
        mt="sm"
        autosize
        minRows={1}
        label={t('roles.invitationMessage')}
        value={role.invitationMessage}
        error={err('invitationMessage')}
        onChange={(e) => onChange({ invitationMessage: e.currentTarget.value })}
      />
      <Switch
        mt="sm"
        label={t('roles.prefill')}
        description={t('roles.prefillHelp')}
        checked={prefill !== undefined}
        onChange={(e) => onPrefill(e.currentTarget.checked ? emptyPerson() : undefined)}
      />
      {prefill && (
        <Stack gap="xs" mt="xs">
          {canPickContacts && (
            <Suspense fallback={null}>
              <Box w={340} maw="100%">
                <ContactPicker onPick={fromContact} />
              </Box>
            </Suspense>
          )}
          <PersonFields person={prefill} errorOf={(field) => err(`prefill.${field}`)} onChange={setPerson} />
        </Stack>
      )}
    </Paper>
  );
}
