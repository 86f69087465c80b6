import { Suspense, lazy, useState } from 'react';
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@paraphe/contracts';
import { localeFromTag } from './language.ts';

const loadDropdown = () => import('./LanguageMenuDropdown.tsx');
const LanguageMenuDropdown = lazy(loadDropdown);

/**
 * Language switcher; `onPick` lets the authenticated header also save the choice on the user. The menu itself
 * (Mantine Menu and its positioning library) is loaded the first time it is asked for: the login screen shows
 * only the button.
 */
export function LanguageMenu({ onPick }: { onPick?: (locale: Locale) => void }) {
  const { t, i18n } = useTranslation();
  const [asked, setAsked] = useState(false);
  const current = localeFromTag(i18n.language) ?? 'fr';
  // The accessible name contains the code the button shows (WCAG 2.5.3 "label in name": a voice user says "FR").
  // Not in brackets: axe-core, like assistive technologies, drops a name's parenthetical.
  const label = `${t('shell.language')}: ${current.toUpperCase()}`;
  const button = (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLanguage size={18} />}
      aria-label={label}
      aria-haspopup="menu"
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setAsked(true)}
    >
      {current.toUpperCase()}
    </Button>
  );
  if (!asked) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenuDropdown current={current} onPick={onPick} label={label} />
    </Suspense>
  );
}
