import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/apiError.ts';
import { NotFoundPage } from '../../../shared/ui/MessagePage.tsx';
import { loadSignatureFormKit } from '../../signatures/index.ts';
import { useOperation } from '../api.ts';
import { OperationEditor } from '../components/OperationEditor.tsx';
import { OperationView } from '../components/OperationView.tsx';
import { provideKit as provide } from '../kit.ts';

/** The page, once the signatures form's pieces it uses are loaded (the route awaits both). */
export async function loadOperationPage() {
  provide(await loadSignatureFormKit());
  return OperationPage;
}

/** `batches/view/:id`: a draft opens in its editor (tabs Signatures, Documents, Options); a sent one in its view. */
export function OperationPage() {
  const { id = '' } = useParams();
  const operation = useOperation(id);
  if (operation.isError && isApiError(operation.error, 'NOT_FOUND')) return <NotFoundPage />;
  if (!operation.data)
    return (
      <Center>
        <Loader />
      </Center>
    );
  return operation.data.status === 'draft' ? (
    <OperationEditor key={operation.data.id} operation={operation.data} />
  ) : (
    <OperationView operation={operation.data} />
  );
}
