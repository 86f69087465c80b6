import { fieldSizeOf, operationInputSchema, type OperationFromTemplateInput } from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Options } from '../bulk/index.ts';
import { templateForBatch, type TemplateForBatch } from '../request-templates/index.ts';
import type { OrderModel } from './order-model.ts';
import { createOperation } from './service.ts';

/** What every order starts from: the template's one document, its roles in order, its fields on that document. */
function orderModelOf(source: TemplateForBatch): OrderModel {
  const document = source.documents[0]!;
  return {
    templateId: source.templateId,
    templateName: source.templateName,
    version: source.version,
    document: document.fileName,
    roles: source.roles.map((r) => ({ name: r.name, role: r.role, step: r.step, prefill: r.prefill && { ...r.prefill, language: r.language } })),
    // The stamp's field (a negative index) has no place in an order: operations seal nothing.
    fields: document.signatureFields
      .filter((f) => f.signerIndex >= 0 && f.signerIndex < source.roles.length)
      .map((f) => ({ page: f.page, x: f.x, y: f.y, ...fieldSizeOf(f), signerIndex: f.signerIndex })),
  };
}

/**
 * POST /api/batches/from-template: a draft operation made from a request template (docs/operations.md "From a
 * template"). An order signs one document, so the template must have exactly one: it joins the pool; the template's
 * level and options become the operation's; its roles, fields and prefilled persons become what every order starts
 * from (order-model.ts) — a row then only names the people. The template and version are in the operation's audit
 * trail, in the same transaction.
 */
export async function createOperationFromTemplate(opts: Options & { input: OperationFromTemplateInput }): Promise<string> {
  const { platform, actor, input } = opts;
  const source = await templateForBatch({ platform, actor, id: input.templateId, version: input.version });
  if (source.documents.length !== 1) {
    const message = `Each order of an operation signs one document: the template "${source.templateName}" has ${source.documents.length}. Use a template with one document, or make requests from it.`;
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'templateId', rule: 'invalid_value', message }] });
  }
  const data = operationInputSchema.parse({ label: input.label ?? source.label, level: source.level, optionsRequest: source.options });
  return createOperation({
    platform,
    actor,
    data,
    given: new Set(['label', 'level', 'optionsRequest']),
    documents: source.documents,
    fromTemplate: {
      model: orderModelOf(source),
      within: (tx, operationId) =>
        audit(tx, {
          appId: actor.appId,
          actorUserId: actor.realUserId,
          action: 'operation.created_from_template',
          targetType: 'operation',
          targetId: operationId,
          data: { templateId: source.templateId, templateName: source.templateName, version: source.version },
          ip: actor.ip,
        }),
    },
  });
}
