import { idParamsSchema } from '../shared/common.ts';
import { binary, defineEndpoints, file } from '../shared/endpoint.ts';
import {
  cardParamsSchema,
  checkoutReturnBodySchema,
  hostedCardSetupResponse,
  paymentListQuerySchema,
  paymentListResponse,
  paymentMethodsResponse,
  paymentResponse,
  refundBodySchema,
  refundParamsSchema,
  refundResponse,
  sepaBatchResponse,
  sepaMandateStateResponse,
  sepaOverviewResponse,
  sepaRejectBodySchema,
  signMandateBodySchema,
  webhookAckSchema,
} from './schemas.ts';

const read = { audience: 'billing', permission: 'billing.read' } as const;
const manage = { audience: 'billing', permission: 'billing.manage' } as const;
/** The product administrator's money calls (spec §6 admin.billing). */
const admin = { audience: 'application', permission: 'admin.billing' } as const;

/** Spec §7 Money, payment: payment methods (card, SEPA mandate), payments, refunds, SEPA batches, the provider's webhook. */
export const paymentEndpoints = defineEndpoints(['payments'], {
  methods: { method: 'GET', path: '/api/payments/methods', summary: 'The payment method of the billing profile, the saved cards and the SEPA mandate', auth: read, responses: { 200: paymentMethodsResponse } },
  startCard: {
    method: 'POST',
    path: '/api/payments/cards',
    summary: "Starts adding a card on the provider's hosted page: answers its URL (card numbers never reach this server)",
    auth: manage,
    responses: { 200: hostedCardSetupResponse },
  },
  cardReturn: {
    method: 'POST',
    path: '/api/payments/cards/return',
    summary: "Back from the hosted page: records the card of the completed session (the provider's webhook does the same)",
    auth: manage,
    body: checkoutReturnBodySchema,
    responses: { 200: paymentMethodsResponse },
  },
  setDefaultCard: { method: 'PATCH', path: '/api/payments/cards/:cardId/default', summary: 'Makes a saved card the one charged', auth: manage, params: cardParamsSchema, responses: { 200: paymentMethodsResponse } },
  deleteCard: { method: 'DELETE', path: '/api/payments/cards/:cardId', summary: 'Removes a saved card', auth: manage, params: cardParamsSchema, responses: { 200: paymentMethodsResponse } },
  sepaMandate: { method: 'GET', path: '/api/payments/sepa', summary: 'The SEPA mandate, or the text to sign', auth: read, responses: { 200: sepaMandateStateResponse } },
  signSepaMandate: {
    method: 'POST',
    path: '/api/payments/sepa',
    summary: 'Signs the SEPA Core mandate (accepting its text with the password); a PDF of it is kept',
    auth: manage,
    body: signMandateBodySchema,
    responses: { 200: sepaMandateStateResponse },
  },
  sepaMandatePdf: { method: 'GET', path: '/api/payments/sepa/pdf', summary: 'The signed mandate as PDF', auth: read, responses: { 200: file('application/pdf') } },
  payments: { method: 'GET', path: '/api/payments', summary: "The tenant's payments (a 3-D Secure link while one waits for authentication)", auth: read, query: paymentListQuerySchema, responses: { 200: paymentListResponse } },
  refreshPayment: {
    method: 'POST',
    path: '/api/payments/:id/refresh',
    summary: 'Back from 3-D Secure: asks the provider for the payment state (the webhook does the same)',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: paymentResponse },
  },
  adminPayments: { method: 'GET', path: '/api/payments/admin/payments', summary: 'Every payment (product administrator)', auth: admin, query: paymentListQuerySchema, responses: { 200: paymentListResponse } },
  refund: {
    method: 'POST',
    path: '/api/payments/admin/refund/:saleId/:amountCents',
    summary: 'Refunds part or all of a paid invoice, within 3 months of its issue (card: by the provider; SEPA: a transfer to make)',
    auth: admin,
    params: refundParamsSchema,
    body: refundBodySchema,
    responses: { 201: refundResponse },
  },
  sepaOverview: { method: 'GET', path: '/api/payments/admin/sepa', summary: 'SEPA debits waiting for a batch, and the batches', auth: admin, responses: { 200: sepaOverviewResponse } },
  createSepaBatch: { method: 'POST', path: '/api/payments/admin/sepa/batches', summary: 'Puts every pending debit in a new pain.008 batch', auth: admin, responses: { 201: sepaBatchResponse } },
  sepaBatchXml: { method: 'GET', path: '/api/payments/admin/sepa/batches/:id/xml', summary: 'The batch as ISO 20022 pain.008.001.02 for the bank', auth: admin, params: idParamsSchema, responses: { 200: file('application/xml') } },
  collectSepaBatch: {
    method: 'POST',
    path: '/api/payments/admin/sepa/batches/:id/collected',
    summary: 'The bank collected the batch: its debits not rejected succeed',
    auth: admin,
    params: idParamsSchema,
    responses: { 200: sepaBatchResponse },
  },
  rejectSepaDebit: {
    method: 'POST',
    path: '/api/payments/admin/sepa/debits/:id/reject',
    summary: 'Records a rejected debit with its R-transaction reason code (the payment fails, the tenant is told)',
    auth: admin,
    params: idParamsSchema,
    body: sepaRejectBodySchema,
    responses: { 200: paymentResponse },
  },
  stripeWebhook: {
    method: 'POST',
    path: '/api/payments/webhooks/stripe',
    summary: "The card provider's events, verified by their Stripe-Signature header; each event applied once",
    auth: { public: true },
    body: binary('application/json'),
    responses: { 200: webhookAckSchema },
  },
});
