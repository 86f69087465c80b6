import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { locales, type Locale } from '@paraphe/contracts';
import { applyLanguage } from '../i18n/i18n.ts';
import { languageNames, localeFromTag } from '../i18n/language.ts';

/** Language switcher; `onPick` lets the authenticated header also save the choice on the user. */
export function LanguageMenu({ onPick }: { onPick?: (locale: Locale) => void }) {
  const { t, i18n } = useTranslation();
  const current = localeFromTag(i18n.language) ?? 'fr';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" leftSection={<IconLanguage size={18} />} aria-label={t('shell.language')}>
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
