import type { ReactNode } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';

type Props<T> = {
  label: string;
  placeholder: string;
  icon: ReactNode;
  /** What is typed (the caller debounces it and runs its own search). */
  text: string;
  onText: (text: string) => void;
  fetching: boolean;
  /** The matches to offer; empty shows `empty`. */
  items: readonly T[];
  keyOf: (item: T) => string;
  nameOf: (item: T) => string;
  emailOf: (item: T) => string | null | undefined;
  /** Said when there is nothing to offer (too short, loading, no match). */
  empty: string;
  onPick: (item: T) => void;
};

/**
 * A person searched as one types — the address book's or a CRM's — offered as "NAME first <e-mail>"; the chosen one
 * goes to `onPick` and the box empties itself for the next search.
 */
export function PersonSearchBox<T>({ label, placeholder, icon, text, onText, fetching, items, keyOf, nameOf, emailOf, empty, onPick }: Props<T>) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const pick = (key: string) => {
    const item = items.find((i) => keyOf(i) === key);
    if (!item) return;
    onPick(item);
    onText('');
    combobox.closeDropdown();
  };
  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target>
        <TextInput
          size="xs"
          label={label}
          placeholder={placeholder}
          leftSection={icon}
          rightSection={fetching ? <Loader size={12} /> : null}
          value={text}
          onChange={(event) => {
            onText(event.currentTarget.value);
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
          {items.length === 0 ? (
            <Combobox.Empty>{empty}</Combobox.Empty>
          ) : (
            items.map((item) => {
              const email = emailOf(item);
              return (
                <Combobox.Option value={keyOf(item)} key={keyOf(item)}>
                  <Text size="sm" span fw={500}>
                    {nameOf(item)}
                  </Text>{' '}
                  {email && (
                    <Text size="sm" span c="dimmed">
                      &lt;{email}&gt;
                    </Text>
                  )}
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
