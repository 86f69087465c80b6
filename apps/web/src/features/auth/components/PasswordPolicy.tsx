import { List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { passwordProblems } from '@paraphe/contracts';

const checks = ['length', 'uppercase', 'lowercase', 'digit', 'special'] as const;

/** The password policy of spec §5, each rule ticked live as the user types. */
export function PasswordPolicy({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const problems = new Set(passwordProblems(password));
  return (
    <List size="sm" spacing={2} aria-label={t('password.policyTitle')} aria-live="polite">
      {checks.map((check) => {
        const ok = !problems.has(check);
        return (
          <List.Item
            key={check}
            c={ok ? 'teal' : 'dimmed'}
            icon={
              <ThemeIcon size={16} radius="xl" color={ok ? 'teal' : 'gray'} variant="light">
                {ok ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {t(`password.rules.${check}`)}
            {ok && <span className="visually-hidden"> ({t('password.ruleMet')})</span>}
          </List.Item>
        );
      })}
    </List>
  );
}
