import { useEffect, useRef } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { isCancellation } from '../../../../shared/api/apiError.ts';
import { inspectFile } from '../../api.ts';
import type { Draft, DraftDocument } from '../../draft.ts';
import { checkAfterFailure, type FileCheck } from '../../fileCheck.ts';

/**
 * Each added file is sent alone to the server's check (POST /api/transactions/inspect) at once; its outcome is
 * written on the document (`check`), found by its key since the list may have changed meanwhile. Removing the
 * file, or leaving the form, cancels its check. Without `serverCheck` (the embedded editor), files stay unchecked
 * until the save, which checks them and names a refused one.
 */
export function useFileChecks(form: UseFormReturnType<Draft>, serverCheck = true) {
  const running = useRef(new Map<string, AbortController>());
  useEffect(() => {
    const checks = running.current;
    return () => {
      for (const controller of checks.values()) controller.abort();
      checks.clear();
    };
  }, []);

  const record = (key: string, check: FileCheck) => {
    const index = form.getValues().documents.findIndex((d) => d.key === key);
    if (index >= 0) form.setFieldValue(`documents.${index}.check`, check);
  };

  return {
    start(documents: readonly DraftDocument[]) {
      for (const { key, file } of documents) {
        // The embedded editor's token opens no check endpoint: its files are checked when the draft is saved.
        if (!serverCheck) {
          record(key, { status: 'unchecked' });
          continue;
        }
        const controller = new AbortController();
        running.current.set(key, controller);
        inspectFile(file, controller.signal)
          .then(
            (inspection) => record(key, { status: 'ok', inspection }),
            (error: unknown) => {
              if (!controller.signal.aborted && !isCancellation(error)) record(key, checkAfterFailure(error, file.name));
            },
          )
          .finally(() => running.current.get(key) === controller && running.current.delete(key));
      }
    },
    cancel(key: string) {
      running.current.get(key)?.abort();
      running.current.delete(key);
    },
  };
}
