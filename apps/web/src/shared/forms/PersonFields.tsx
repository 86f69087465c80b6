import { Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { civilitySchema, locales } from '@paraphe/contracts';
import { languageNames } from '../i18n/language.ts';

export type PersonField = 'civility' | 'language' | 'firstName' | 'lastName' | 'mobile' | 'phone';

/** Identity fields shared by the user form and the own-profile form (inside a SimpleGrid). */
export function PersonFields({ inputProps }: { inputProps: (field: PersonField) => GetInputPropsReturnType }) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('fields.civility')}
        clearable
        data={civilitySchema.options.map((c) => ({ value: c, label: t(`civility.${c}`) }))}
        {...inputProps('civility')}
      />
      <Select
        label={t('fields.language')}
        allowDeselect={false}
        data={locales.map((l) => ({ value: l, label: languageNames[l] }))}
        {...inputProps('language')}
      />
      <TextInput label={t('fields.firstName')} required autoComplete="given-name" {...inputProps('firstName')} />
      <TextInput label={t('fields.lastName')} required autoComplete="family-name" {...inputProps('lastName')} />
      <TextInput label={t('fields.mobile')} type="tel" placeholder="+33612345678" {...inputProps('mobile')} />
      <TextInput label={t('fields.phone')} type="tel" placeholder="+33123456789" {...inputProps('phone')} />
    </>
  );
}

/** The civility chosen in a Select (a string or nothing) as the contract's value. */
export function civilityOf(value: string | null): 'M' | 'MME' | 'OTHER' | null {
  return civilitySchema.safeParse(value).data ?? null;
}
