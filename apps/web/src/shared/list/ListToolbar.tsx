import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { searchMinLength } from '@paraphe/contracts';

type ListToolbarProps = { search: string; onSearch: (value: string) => void; searchLabel: string; children?: ReactNode };

/** Search box (debounced; under 3 characters it is ignored, spec §5) and the list's filters. */
export function ListToolbar({ search, onSearch, searchLabel, children }: ListToolbarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text, 300);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  // The last value exchanged with the address query, to tell our own echo from an outside change.
  const exchanged = useRef(search);
  useEffect(() => {
    // The address changed from outside (link, back button): the box shows it.
    if (search === exchanged.current) return;
    exchanged.current = search;
    setText(search);
  }, [search]);
  useEffect(() => {
    if (debounced === exchanged.current) return;
    exchanged.current = debounced;
    onSearchRef.current(debounced);
  }, [debounced]);
  const tooShort = text.trim().length > 0 && text.trim().length < searchMinLength;
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <TextInput
        label={searchLabel}
        type="search"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        description={tooShort ? t('common.searchMin', { count: searchMinLength }) : undefined}
        miw={240}
        style={{ flex: 1 }}
      />
      {children}
    </Group>
  );
}
