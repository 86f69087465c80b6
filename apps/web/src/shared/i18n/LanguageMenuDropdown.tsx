import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { locales, type Locale } from '@paraphe/contracts';
import { applyLanguage } from './i18n.ts';
import { languageNames } from './language.ts';

type Props = { current: Locale; label: string; onPick?: (locale: Locale) => void };

/** The language menu, opened as it replaces the button that asked for it (LanguageMenu). */
export default function LanguageMenuDropdown({ current, label, onPick }: Props) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <Button variant="subtle" color="gray" leftSection={<IconLanguage size={18} />} aria-label={label}>
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {locales.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            fw={locale === current ? 700 : undefined}
            onClick={() => {
              applyLanguage(locale);
              onPick?.(locale);
            }}
          >
            {languageNames[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
