import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { normalizeSearch, searchMinLength, type Contact } from '@paraphe/contracts';
import { PersonSearchBox } from '../../../shared/forms/PersonSearchBox.tsx';
import { useContactSearch } from '../api.ts';
import { contactDisplayName } from '../contactName.ts';

type Props = {
  onPick: (contact: Contact) => void;
  /** The field's label; "From the address book" by default. */
  label?: string;
};

/**
 * Searches the address book as one types (from 3 characters, the first 20 matches) and hands the chosen contact
 * to `onPick`; the box empties itself for the next search.
 */
export function ContactPicker({ onPick, label }: Props) {
  const { t } = useTranslation('contacts');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const results = useContactSearch(debounced);
  const searching = normalizeSearch(debounced) !== undefined;
  const tooShort = normalizeSearch(text) === undefined;
  const contacts = searching && !tooShort ? (results.data ?? []) : [];
  const empty = tooShort ? t('common.searchMin', { count: searchMinLength }) : results.isFetching || !searching ? t('common.loading') : t('picker.none');

  return (
    <PersonSearchBox
      label={label ?? t('picker.label')}
      placeholder={t('picker.placeholder')}
      icon={<IconAddressBook size={14} aria-hidden />}
      text={text}
      onText={setText}
      fetching={results.isFetching}
      items={contacts}
      keyOf={(c) => c.id}
      nameOf={contactDisplayName}
      emailOf={(c) => c.mail}
      empty={empty}
      onPick={onPick}
    />
  );
}
