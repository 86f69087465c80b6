import { useState } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { normalizeSearch, searchMinLength, type Contact } from '@paraphe/contracts';
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
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const results = useContactSearch(debounced);
  const searching = normalizeSearch(debounced) !== undefined;
  const contacts = searching ? (results.data ?? []) : [];
  const tooShort = normalizeSearch(text) === undefined;

  const pick = (id: string) => {
    const contact = contacts.find((c) => c.id === id);
    if (!contact) return;
    onPick(contact);
    setText('');
    combobox.closeDropdown();
  };

  const empty = tooShort
    ? t('common.searchMin', { count: searchMinLength })
    : results.isFetching || !searching
      ? t('common.loading')
      : t('picker.none');

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target>
        <TextInput
          size="xs"
          label={label ?? t('picker.label')}
          placeholder={t('picker.placeholder')}
          leftSection={<IconAddressBook size={14} aria-hidden />}
          rightSection={results.isFetching ? <Loader size={12} /> : null}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onClick={() => combobox.openDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={text.trim() === ''}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {contacts.length === 0 || tooShort ? (
            <Combobox.Empty>{empty}</Combobox.Empty>
          ) : (
            contacts.map((contact) => (
              <Combobox.Option value={contact.id} key={contact.id}>
                <Text size="sm" span fw={500}>{contactDisplayName(contact)}</Text>{' '}
                <Text size="sm" span c="dimmed">&lt;{contact.mail}&gt;</Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
