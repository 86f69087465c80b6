import { useState } from 'react';
import { Anchor, Breadcrumbs, Center, Loader, Paper, Stack, Stepper, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContactImport } from '@paraphe/contracts';
import { isApiError } from '../../../shared/api/apiError.ts';
import { NotFoundPage } from '../../../shared/ui/MessagePage.tsx';
import { notifyApiError } from '../../../shared/api/notify.ts';
import { uploadImport, useContactImport, useStartImport } from '../api.ts';
import { ImportFileStep } from '../components/ImportFileStep.tsx';
import { ImportMappingStep } from '../components/ImportMappingStep.tsx';
import { ImportReportStep } from '../components/ImportReportStep.tsx';

/** The stepper's active step: 3 marks every step complete (the report is there). */
function stepOf(contactImport: ContactImport | undefined): number {
  if (!contactImport) return 0;
  if (contactImport.status === 'uploaded') return 1;
  return contactImport.status === 'done' ? 3 : 2;
}

/**
 * `phonebooks/import`: file → mapping → progress and report. The import's id is kept in the address (`?id=`),
 * so a reload or a return finds the same step.
 */
export function ContactImportPage() {
  const { t } = useTranslation('contacts');
  const [search, setSearch] = useSearchParams();
  const id = search.get('id') ?? undefined;
  const contactImport = useContactImport(id);
  const restart = () => setSearch({}, { replace: false });
  const step = stepOf(contactImport.data);
  const start = useStartImport(id ?? '');
  // The file picked, to read it again from another sheet of the workbook (lost on a reload: the picker hides).
  const [file, setFile] = useState<File>();
  const send = (picked: File, sheet?: string) => uploadImport(picked, sheet).then((uploaded) => setSearch({ id: uploaded.id }));

  if (id && contactImport.isError && isApiError(contactImport.error, 'NOT_FOUND')) return <NotFoundPage />;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/phonebooks/list">
          {t('title')}
        </Anchor>
        <span>{t('import.title')}</span>
      </Breadcrumbs>
      <Title order={2}>{t('import.title')}</Title>
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('import.steps.file')} />
        <Stepper.Step label={t('import.steps.mapping')} />
        <Stepper.Step label={t('import.steps.report')} />
      </Stepper>
      <Paper withBorder p="lg" radius="md">
        {id && contactImport.isPending ? (
          <Center>
            <Loader role="status" aria-label={t('common.loading')} />
          </Center>
        ) : !contactImport.data ? (
          <ImportFileStep
            upload={(picked) => {
              setFile(picked);
              return send(picked);
            }}
          />
        ) : contactImport.data.status === 'uploaded' ? (
          <ImportMappingStep
            key={contactImport.data.id}
            preview={contactImport.data.preview}
            starting={start.isPending}
            onStart={(input) => start.mutate(input, { onError: notifyApiError })}
            onRestart={restart}
            onSheet={file ? (sheet) => send(file, sheet).catch(notifyApiError) : undefined}
          />
        ) : (
          <ImportReportStep contactImport={contactImport.data} onRestart={restart} />
        )}
      </Paper>
    </Stack>
  );
}
