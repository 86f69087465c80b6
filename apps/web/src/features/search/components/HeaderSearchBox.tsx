import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The header's search box: Enter opens the search screen with the text. */
export function HeaderSearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(text.trim() ? `/search?q=${encodeURIComponent(text.trim())}` : '/search');
        setText('');
      }}
    >
      <TextInput
        size="xs"
        w={220}
        leftSection={<IconSearch size={14} />}
        placeholder={t('shell.searchPlaceholder')}
        aria-label={t('shell.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
    </form>
  );
}
