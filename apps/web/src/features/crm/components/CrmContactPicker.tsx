import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CrmContact } from '@paraphe/contracts';
import { PersonSearchBox } from '../../../shared/forms/PersonSearchBox.tsx';
import { useCrmContactSearch } from '../api.ts';

type Props = {
  /** Gets the chosen HubSpot contact: its `idc` becomes the signer's `connector.idc`. */
  onPick: (contact: CrmContact) => void;
};

/** Searches the tenant's HubSpot contacts as one types (from 2 characters, 10 matches); the box empties after a pick. */
export function CrmContactPicker({ onPick }: Props) {
  const { t } = useTranslation('crm');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const results = useCrmContactSearch(debounced);
  const tooShort = text.trim().length < 2;
  const contacts = tooShort ? [] : (results.data ?? []);
  const empty = tooShort ? t('picker.min') : results.isFetching || debounced !== text ? t('picker.loading') : t('picker.none');

  return (
    <PersonSearchBox
      label={t('picker.label')}
      placeholder={t('picker.placeholder')}
      icon={<IconUserSearch size={14} aria-hidden />}
      text={text}
      onText={setText}
      fetching={results.isFetching}
      items={contacts}
      keyOf={(c) => c.idc}
      nameOf={(c) => `${c.lastname.toUpperCase()} ${c.firstname}`.trim()}
      emailOf={(c) => c.email}
      empty={empty}
      onPick={onPick}
    />
  );
}
