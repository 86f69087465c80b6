import { Group, Select, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { templateVisibilities, type CertificationLevel, type FeatureFlags, type TemplateVisibility } from '@paraphe/contracts';
import type { SignatureDraft } from '../../signatures/index.ts';
import type { TemplateHeader } from '../templateForm.ts';

type Props = {
  header: TemplateHeader;
  onHeader: (patch: Partial<TemplateHeader>) => void;
  form: UseFormReturnType<SignatureDraft>;
  features: FeatureFlags;
};

/** Name, who sees it, the requests' level; the requests' label and description (editable when used). */
export function TemplateHeaderFields({ header, onHeader, form, features }: Props) {
  const { t } = useTranslation('requestTemplates');
  const errors = form.errors as Record<string, string | undefined>;
  const levels = ([1, 2, 3] as const).map((level) => ({
    value: String(level),
    label: t(`form.levels.${level}`, { ns: 'signatures' }),
    disabled: (level === 2 && !features.level2) || (level === 3 && !features.level3),
  }));
  return (
    <>
      <Group grow align="flex-start">
        <TextInput required label={t('editor.name')} value={header.name} error={errors.name} onChange={(e) => onHeader({ name: e.currentTarget.value })} />
        <Select
          label={t('editor.visibility')}
          description={t(`visibilityHelp.${header.visibility}`)}
          // Under the input: above it, it would push this select below its neighbours.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={templateVisibilities.map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
          value={header.visibility}
          allowDeselect={false}
          error={errors.visibility}
          onChange={(v) => v && onHeader({ visibility: v as TemplateVisibility })}
        />
        <Select
          label={t('editor.level')}
          data={levels}
          value={String(header.level)}
          allowDeselect={false}
          error={errors.level}
          onChange={(v) => v && onHeader({ level: Number(v) as CertificationLevel })}
        />
      </Group>
      <Group grow align="flex-start" mt="sm">
        <TextInput
          label={t('editor.requestLabel')}
          description={t('editor.requestLabelHelp')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('label')}
        />
        <Textarea autosize minRows={1} label={t('editor.description')} {...form.getInputProps('description')} />
      </Group>
    </>
  );
}
