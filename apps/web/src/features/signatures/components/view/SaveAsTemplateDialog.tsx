import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { templateVisibilities, type SignatureRequest, type TemplateVisibility } from '@paraphe/contracts';
import { ApiError } from '../../../../shared/api/apiError.ts';
import { notify } from '../../../../shared/api/notify.ts';
import { useSaveAsTemplate } from '../../api.ts';
import { signatureErrorMessage } from '../../errorMessages.ts';

type Props = { request: SignatureRequest; opened: boolean; onClose: () => void };

/** "Save as template": a name, who sees it, whether the people stay as the roles' prefilled persons; then its editor. */
export function SaveAsTemplateDialog({ request, opened, onClose }: Props) {
  const { t } = useTranslation('signatures');
  const navigate = useNavigate();
  const save = useSaveAsTemplate();
  const [name, setName] = useState(request.label);
  const [visibility, setVisibility] = useState<TemplateVisibility>('private');
  const [keepPeople, setKeepPeople] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = () => {
    if (!name.trim()) return setNameError(t('validation.required', { ns: 'common' }));
    save.mutate(
      { requestId: request.id, name: name.trim(), visibility, keepPeople },
      {
        onSuccess: (template) => {
          notify(t('saveAsTemplate.done', { name: template.name }), 'success');
          onClose();
          void navigate(`/templates/edit/${template.id}`);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.fields.find((f) => f.field === 'name') : undefined;
          if (field) return setNameError(t(`validation.${field.rule}`, { ns: 'common', ...field.params, defaultValue: field.message }));
          notify(signatureErrorMessage(error, t, 'saveAsTemplate.failed'), 'error');
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('saveAsTemplate.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('saveAsTemplate.intro')}</Text>
        <TextInput
          required
          data-autofocus
          label={t('saveAsTemplate.name')}
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
        />
        <Select
          label={t('saveAsTemplate.visibility')}
          data={templateVisibilities.map((v) => ({ value: v, label: t(`saveAsTemplate.visibilities.${v}`) }))}
          value={visibility}
          allowDeselect={false}
          onChange={(v) => v && setVisibility(v as TemplateVisibility)}
          comboboxProps={{ withinPortal: true }}
        />
        <Checkbox
          label={t('saveAsTemplate.keepPeople')}
          description={t('saveAsTemplate.keepPeopleHelp')}
          checked={keepPeople}
          onChange={(e) => setKeepPeople(e.currentTarget.checked)}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            {t('saveAsTemplate.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
