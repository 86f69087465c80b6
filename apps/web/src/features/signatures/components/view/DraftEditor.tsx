import { Alert, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SignatureRequest } from '@paraphe/contracts';
import { storedDocument } from '../../api.ts';
import { draftOfRequest } from '../../draft.ts';
import { SignatureForm } from '../../pages/SignatureNewPage.tsx';

/**
 * A saved draft opened from its view: its stored documents are fetched back as files (the position editor renders
 * them), then the new-request form opens pre-filled; saving keeps those documents by id (PUT …/draft).
 */
export function DraftEditor({ request }: { request: SignatureRequest }) {
  const { t } = useTranslation('signatures');
  const documents = request.documents ?? [];
  const files = useQuery({
    queryKey: ['signatures', request.id, 'draft-files', request.updatedAt],
    queryFn: () => Promise.all(documents.map((d) => storedDocument(request.id, d.id, d.fileName))),
    staleTime: Infinity,
    gcTime: 0,
    // The alert below says it; a toast beside it would say it twice (or, after a delete, wrongly).
    meta: { silentErrors: true },
  });
  if (files.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading', { ns: 'common' })} />
      </Center>
    );
  if (files.isError)
    return (
      <Alert color="red" variant="light">
        {t('view.draftFilesFailed')}
      </Alert>
    );
  // A new form per saved state: saving refetches the request, whose updatedAt changes.
  return <SignatureForm key={request.updatedAt} saved={{ id: request.id, level: request.level, draft: draftOfRequest(request, files.data) }} />;
}
