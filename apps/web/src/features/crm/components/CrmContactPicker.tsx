import { useState } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CrmContact } from '@paraphe/contracts';
import { useCrmContactSearch } from '../api.ts';

type Props = {
  /** Gets the chosen HubSpot contact: its `idc` becomes the signer's `connector.idc`. */
  onPick: (contact: CrmContact) => void;
};

/** Searches the tenant's HubSpot contacts as one types (from 2 characters, 10 matches); the box empties after a pick. */
export function CrmContactPicker({ onPick }: Props) {
  const { t } = useTranslation('crm');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const results = useCrmContactSearch(debounced);
  const tooShort = text.trim().length < 2;
  const contacts = tooShort ? [] : (results.data ?? []);

  const pick = (idc: string) => {
    const contact = contacts.find((c) => c.idc === idc);
    if (!contact) return;
    onPick(contact);
    setText('');
    combobox.closeDropdown();
  };
  const empty = tooShort ? t('picker.min') : results.isFetching || debounced !== text ? t('picker.loading') : t('picker.none');

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target>
        <TextInput
          size="xs"
          label={t('picker.label')}
          placeholder={t('picker.placeholder')}
          leftSection={<IconUserSearch size={14} aria-hidden />}
          rightSection={results.isFetching ? <Loader size={12} /> : null}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={text.trim() === ''}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {contacts.length === 0 ? (
            <Combobox.Empty>{empty}</Combobox.Empty>
          ) : (
            contacts.map((contact) => (
              <Combobox.Option value={contact.idc} key={contact.idc}>
                <Text size="sm" span fw={500}>{`${contact.lastname.toUpperCase()} ${contact.firstname}`.trim()}</Text>{' '}
                {contact.email && <Text size="sm" span c="dimmed">&lt;{contact.email}&gt;</Text>}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
