import type { GenerationBatch, Template } from '@paraphe/contracts';
import type { BatchRow, TemplateRow } from './repository.ts';

export const presentTemplate = (row: TemplateRow): Template => ({
  id: row.id,
  fileName: row.fileName,
  format: row.format,
  variables: row.variables,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
});

export const presentBatch = (row: BatchRow): GenerationBatch => ({
  id: row.id,
  templateId: row.templateId,
  status: row.status,
  total: row.total,
  done: row.done,
  failed: row.failed,
  failures: row.failures,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
});
