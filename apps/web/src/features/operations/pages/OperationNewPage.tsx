import { useEffect, useRef, useState } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { newOperationId } from '../api.ts';
import { viewPath } from '../operationScreen.ts';

/** `batches/new`: asks the server for a new draft (GET ids) and opens its editor. */
export function OperationNewPage() {
  const { t } = useTranslation('operations');
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    newOperationId().then(
      (id) => void navigate(viewPath(id), { replace: true }),
      () => setFailed(true),
    );
  }, [navigate]);
  return failed ? (
    <Alert color="red">{t('failed.create')}</Alert>
  ) : (
    <Center>
      <Loader />
    </Center>
  );
}
