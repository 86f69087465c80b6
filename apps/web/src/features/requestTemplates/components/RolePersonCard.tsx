import { Suspense } from 'react';
import { Badge, Box, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Contact, TemplateRole } from '@paraphe/contracts';
import { ContactPicker } from '../../contacts/index.ts';
import type { PersonForm } from '../templateForm.ts';
import { PersonFields } from './PersonFields.tsx';

type Props = {
  index: number;
  role: TemplateRole;
  person: PersonForm;
  /** Errors by the page's paths (`people.<i>`, `people.<i>.emailAddress`…). */
  errors: Record<string, string>;
  canPickContacts: boolean;
  onChange: (patch: Partial<PersonForm>) => void;
};

/** Who takes one role of the template: its kind and order, the address-book picker, the person's name, e-mail and mobile. */
export function RolePersonCard({ index, role, person, errors, canPickContacts, onChange }: Props) {
  const { t } = useTranslation('requestTemplates');
  const err = (field: keyof PersonForm) => errors[`people.${index}.${field}`];
  const whole = errors[`people.${index}`];
  const fromContact = (c: Contact) => onChange({ firstname: c.firstname, lastname: c.lastname, emailAddress: c.mail, phoneNum: c.mobile ?? '' });
  return (
    <Paper withBorder p="sm" component="section" aria-label={role.name} style={{ borderColor: whole ? 'var(--mantine-color-red-6)' : undefined }}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {t('use.roleTitle', { n: index + 1, name: role.name })}
          </Text>
          <Badge variant="light" size="sm">
            {t(`roleKinds.${role.role}`)}
          </Badge>
          {role.coSigner && (
            <Badge variant="outline" size="sm">
              {t('roles.coSigner')}
            </Badge>
          )}
          {role.prefill && (
            <Badge variant="light" color="teal" size="sm">
              {t('use.prefilled')}
            </Badge>
          )}
        </Group>
        {canPickContacts && (
          <Suspense fallback={null}>
            <Box w={340} maw="100%">
              <ContactPicker onPick={fromContact} />
            </Box>
          </Suspense>
        )}
      </Group>
      {whole && (
        <Text c="red" size="sm" mb="xs" role="alert">
          {whole}
        </Text>
      )}
      {role.prefill && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('use.prefilledHelp')}
        </Text>
      )}
      <PersonFields person={person} errorOf={err} onChange={onChange} />
    </Paper>
  );
}
