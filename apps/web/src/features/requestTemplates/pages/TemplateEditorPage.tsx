import { Alert, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RequestTemplate } from '@paraphe/contracts';
import { useNewRequestDefaults } from '../../settings/index.ts';
import { useTemplate, useTemplateFiles } from '../api.ts';
import { TemplateEditor } from '../components/TemplateEditor.tsx';
import { DirectLinkPanel } from '../components/DirectLinkPanel.tsx';
import { EditorLoading as Loading } from '../components/EditorLoading.tsx';

/** `templates/new` and `templates/edit/:id` (saving the latter makes a new version). */
export function TemplateEditorPage() {
  const { id } = useParams();
  return id ? <EditTemplate key={id} id={id} /> : <NewTemplate />;
}

/** A new template starts from the user's request defaults (settings), like a new request. */
function NewTemplate() {
  const { isPending, defaults, level } = useNewRequestDefaults();
  if (isPending) return <Loading />;
  return <TemplateEditor defaults={defaults} defaultLevel={level} />;
}

function EditTemplate({ id }: { id: string }) {
  const { t } = useTranslation('requestTemplates');
  const template = useTemplate(id);
  if (template.isPending) return <Loading />;
  if (!template.data)
    return (
      <Alert color="red" variant="light">
        {t('notFound')}
      </Alert>
    );
  return (
    <Stack>
      <StoredFiles key={`${template.data.id}:${template.data.version}`} template={template.data} />
      <DirectLinkPanel template={template.data} />
    </Stack>
  );
}

/** The stored documents fetched back as files: the position editor renders them; saving keeps them by id. */
function StoredFiles({ template }: { template: RequestTemplate }) {
  const { t } = useTranslation('requestTemplates');
  const files = useTemplateFiles(template);
  // The language of a role added now, or of one saved without any (the settings' signers language).
  const settings = useNewRequestDefaults();
  if (files.isPending || settings.isPending) return <Loading />;
  if (files.isError)
    return (
      <Stack>
        <Alert color="red" variant="light">
          {t('errors.documentFailed')}
        </Alert>
      </Stack>
    );
  return <TemplateEditor saved={{ template, files: files.data }} defaults={settings.defaults} />;
}
