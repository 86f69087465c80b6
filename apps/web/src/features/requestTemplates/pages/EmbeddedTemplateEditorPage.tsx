import { useEffect, useMemo, useRef } from 'react';
import { Alert, Container } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { IconLinkOff } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DraftEditorContext, RequestTemplate } from '@paraphe/contracts';
import { ApiError } from '../../../shared/api/apiError.ts';
import { useTemplate, useTemplateEditorContext, useTemplateFiles } from '../api.ts';
import { TemplateEditor, type EmbeddedTemplateAccount } from '../components/TemplateEditor.tsx';
import { embeddedTemplateEditorPath, postTemplateEditorEvent } from '../embed/templateEditorEmbed.ts';
import { EditorLoading as Loading } from '../components/EditorLoading.tsx';

/**
 * `/embed/template/<token>` (docs/embedding.md): the template editor alone — header, roles, documents and their fields,
 * options, save — in the tenant's frame, without the back office around it; a new template's link opens an empty one,
 * which its first save creates. Events to the parent: `loaded`, `saved`, `error` (`resized` comes from the bridge).
 */
export function EmbeddedTemplateEditorPage() {
  const { id } = useParams();
  return (
    <Container size="lg" py="md">
      {id ? <EmbeddedTemplate key={id} id={id} /> : <LinkEnded />}
    </Container>
  );
}

/** The link opens nothing (unknown, past its 15 minutes, its template archived, its key revoked): said, and told to the parent once. */
function LinkEnded() {
  const { t } = useTranslation('requestTemplates');
  useEffect(() => postTemplateEditorEvent('error', { reason: 'ended' }), []);
  return (
    <Alert color="orange" variant="light" icon={<IconLinkOff size={18} />} title={t('embed.endedTitle')}>
      {t('embed.ended')}
    </Alert>
  );
}

const endedBy = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

function EmbeddedTemplate({ id }: { id: string }) {
  const { t } = useTranslation('requestTemplates');
  const navigate = useNavigate();
  const isNew = id === 'new';
  const context = useTemplateEditorContext();
  const template = useTemplate(isNew ? undefined : id);
  const account = useMemo<EmbeddedTemplateAccount | null>(
    () =>
      context.data
        ? {
            language: context.data.language,
            features: context.data.features,
            onSaved(saved: RequestTemplate) {
              postTemplateEditorEvent('saved', { templateId: saved.id, version: saved.version, name: saved.name });
              // A new template's first save made it: from now on the link opens this one (its next saves are versions).
              if (isNew) void navigate(`/${embeddedTemplateEditorPath}/${saved.id}`, { replace: true });
            },
          }
        : null,
    [context.data, isNew, navigate],
  );
  const ended = endedBy(context.error) || endedBy(template.error);
  const failed = !ended && (context.isError || template.isError);
  useEffect(() => {
    if (failed) postTemplateEditorEvent('error', { reason: 'error' });
  }, [failed]);

  if (ended) return <LinkEnded />;
  if (failed)
    return (
      <Alert color="red" variant="light">
        {t('embed.failed')}
      </Alert>
    );
  if (!account || !context.data || (!isNew && !template.data)) return <Loading />;
  return (
    <ModalsProvider>
      {template.data ? (
        <StoredTemplate template={template.data} context={context.data} account={account} />
      ) : (
        <Editor id={null} account={account} context={context.data} />
      )}
    </ModalsProvider>
  );
}

/** A saved template's documents fetched back as files, then its editor. */
function StoredTemplate({ template, context, account }: { template: RequestTemplate; context: DraftEditorContext; account: EmbeddedTemplateAccount }) {
  const { t } = useTranslation('requestTemplates');
  const files = useTemplateFiles(template);
  if (files.isPending) return <Loading />;
  if (files.isError)
    return (
      <Alert color="red" variant="light">
        {t('errors.documentFailed')}
      </Alert>
    );
  return <Editor id={template.id} account={account} context={context} saved={{ template, files: files.data }} />;
}

function Editor(props: {
  id: string | null;
  account: EmbeddedTemplateAccount;
  context: DraftEditorContext;
  saved?: { template: RequestTemplate; files: File[] };
}) {
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    postTemplateEditorEvent('loaded', { templateId: props.id });
  }, [props.id]);
  return <TemplateEditor key={props.saved ? `${props.id}:${props.saved.template.version}` : 'new'} saved={props.saved} embedded={props.account} />;
}
