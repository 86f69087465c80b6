import type { OperationTemplate, PersonLanguage } from '@paraphe/contracts';
import type { NewOrder } from './repository.ts';
import type { OrderModel } from './schema.ts';

export type { OrderModel } from './schema.ts';

/** Why an order does not fit the template: a role nobody fills (no prefilled person), or more signers than roles. */
export type OrderModelProblem = { reason: 'role_missing'; signer: number; role: string } | { reason: 'too_many_signers'; roles: number };

/**
 * An order as the template makes it: the template's document when none is named; signer n takes role n's kind and
 * step; a role left out is its prefilled person (an order naming fewer signers than roles); signers placed nowhere
 * on the template's document get the template's fields. Without a model, the order as given.
 */
export function applyOrderModel(order: NewOrder, model: OrderModel | null, language: PersonLanguage): { order: NewOrder } | { problem: OrderModelProblem } {
  if (!model) return { order };
  if (order.signers.length > model.roles.length) return { problem: { reason: 'too_many_signers', roles: model.roles.length } };
  const signers: NewOrder['signers'] = [];
  for (const [index, role] of model.roles.entries()) {
    const given = order.signers[index];
    const person = given ?? (role.prefill && { ...role.prefill, language: role.prefill.language ?? language });
    if (!person) return { problem: { reason: 'role_missing', signer: index, role: role.name } };
    signers.push({ ...person, role: role.role, step: role.step });
  }
  const documentName = order.documentName.trim() || model.document;
  const placed = new Set(order.fields.map((f) => f.signerIndex));
  const fromTemplate = documentName === model.document ? model.fields.filter((f) => !placed.has(f.signerIndex)) : [];
  return { order: { documentName, signers, fields: [...order.fields, ...fromTemplate] } };
}

/** The model as the operation's view shows it: the template, its document, its roles and their prefilled persons (as the orders show theirs). */
export const presentOrderModel = (model: OrderModel | null): OperationTemplate | null =>
  model && {
    templateId: model.templateId,
    templateName: model.templateName,
    version: model.version,
    document: model.document,
    roles: model.roles.map((r) => ({
      name: r.name,
      role: r.role,
      step: r.step,
      prefill: r.prefill && { firstname: r.prefill.firstname, lastname: r.prefill.lastname, emailAddress: r.prefill.email },
    })),
  };

/** The message of a problem, for a typed order's field error. */
export function orderModelMessage(problem: OrderModelProblem): string {
  return problem.reason === 'role_missing'
    ? `Who is "${problem.role}"? The template's role ${problem.signer + 1} has no prefilled person: give signer ${problem.signer + 1}.`
    : `The template has ${problem.roles} role(s): an order of this operation has at most ${problem.roles} signer(s).`;
}
