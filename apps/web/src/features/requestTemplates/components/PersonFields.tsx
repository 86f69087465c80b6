import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PersonForm } from '../templateForm.ts';

type Props = {
  person: PersonForm;
  /** The error of one field, by its name (each card knows its own error paths). */
  errorOf: (field: keyof PersonForm) => string | undefined;
  onChange: (patch: Partial<PersonForm>) => void;
};

/** A person's first name, last name, e-mail and mobile: a role's prefilled person (editor) or who takes it (use page). */
export function PersonFields({ person, errorOf, onChange }: Props) {
  const { t } = useTranslation('requestTemplates');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
      <TextInput
        required
        label={t('person.firstname')}
        value={person.firstname}
        error={errorOf('firstname')}
        onChange={(e) => onChange({ firstname: e.currentTarget.value })}
      />
      <TextInput
        required
        label={t('person.lastname')}
        value={person.lastname}
        error={errorOf('lastname')}
        onChange={(e) => onChange({ lastname: e.currentTarget.value })}
      />
      <TextInput
        required
        type="email"
        label={t('person.email')}
        value={person.emailAddress}
        error={errorOf('emailAddress')}
        onChange={(e) => onChange({ emailAddress: e.currentTarget.value })}
      />
      <TextInput
        type="tel"
        label={t('person.phone')}
        placeholder="+33612345678"
        value={person.phoneNum}
        error={errorOf('phoneNum')}
        onChange={(e) => onChange({ phoneNum: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}
