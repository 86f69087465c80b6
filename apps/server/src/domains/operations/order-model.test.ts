import { describe, expect, it } from 'vitest';
import { applyOrderModel, presentOrderModel, type OrderModel } from './order-model.ts';
import type { NewOrder } from './repository.ts';

const model: OrderModel = {
  templateId: '00000000-0000-4000-8000-000000000001',
  templateName: 'Lease',
  version: 3,
  document: 'lease.pdf',
  roles: [
    { name: 'Tenant', role: 'signer', step: 1, prefill: null },
    { name: 'Landlord', role: 'signer', step: 1, prefill: { firstname: 'Lou', lastname: 'Lord', email: 'lou@example.com', phone: null, language: null } },
    { name: 'Agent', role: 'validator', step: 2, prefill: null },
  ],
  fields: [
    { page: 1, x: 10, y: 20, width: 150, height: 60, signerIndex: 0 },
    { page: 2, x: 30, y: 40, width: 150, height: 60, signerIndex: 1 },
  ],
};
const signer = (email: string): NewOrder['signers'][number] => ({
  firstname: 'A',
  lastname: 'B',
  email,
  phone: null,
  language: 'fr',
  role: 'observer',
  step: 9,
});

describe('order model', () => {
  it('leaves an order as given without a model', () => {
    const order: NewOrder = { documentName: 'x.pdf', signers: [signer('a@example.com')], fields: [] };
    expect(applyOrderModel(order, null, 'fr')).toEqual({ order });
  });

  it("gives the template's document, roles, steps and fields; a role left out is its prefilled person", () => {
    const signers: NewOrder['signers'] = [signer('t@example.com')];
    signers[2] = signer('agent@example.com');
    const made = applyOrderModel({ documentName: ' ', signers, fields: [] }, model, 'de');
    expect(made).toEqual({
      order: {
        documentName: 'lease.pdf',
        signers: [
          { ...signer('t@example.com'), role: 'signer', step: 1 },
          { firstname: 'Lou', lastname: 'Lord', email: 'lou@example.com', phone: null, language: 'de', role: 'signer', step: 1 },
          { ...signer('agent@example.com'), role: 'validator', step: 2 },
        ],
        fields: model.fields,
      },
    });
  });

  it("keeps an order's own fields and its own document (then without the template's fields)", () => {
    const own = { page: 3, x: 1, y: 2, width: 100, height: 50, signerIndex: 0 };
    const signers = [signer('t@example.com'), signer('l@example.com'), signer('a@example.com')];
    const same = applyOrderModel({ documentName: 'lease.pdf', signers, fields: [own] }, model, 'fr');
    expect('order' in same && same.order.fields).toEqual([own, model.fields[1]]);
    const other = applyOrderModel({ documentName: 'other.pdf', signers, fields: [] }, model, 'fr');
    expect('order' in other && other.order).toMatchObject({ documentName: 'other.pdf', fields: [] });
  });

  it('names the problem: a role nobody fills, more signers than roles', () => {
    expect(applyOrderModel({ documentName: '', signers: [signer('t@example.com')], fields: [] }, model, 'fr')).toEqual({
      problem: { reason: 'role_missing', signer: 2, role: 'Agent' },
    });
    const four = ['a', 'b', 'c', 'd'].map((n) => signer(`${n}@example.com`));
    expect(applyOrderModel({ documentName: '', signers: four, fields: [] }, model, 'fr')).toEqual({ problem: { reason: 'too_many_signers', roles: 3 } });
  });

  it('shows the roles with their prefilled persons', () => {
    expect(presentOrderModel(model)?.roles).toEqual([
      { name: 'Tenant', role: 'signer', step: 1, prefill: null },
      { name: 'Landlord', role: 'signer', step: 1, prefill: { firstname: 'Lou', lastname: 'Lord', emailAddress: 'lou@example.com' } },
      { name: 'Agent', role: 'validator', step: 2, prefill: null },
    ]);
    expect(presentOrderModel(null)).toBeNull();
  });
});
