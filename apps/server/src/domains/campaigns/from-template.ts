import { campaignInputSchema, type CampaignFromTemplateInput } from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Options } from '../bulk/index.ts';
import { templateForBatch } from '../request-templates/index.ts';
import { createCampaign } from './service.ts';

/**
 * POST /api/campains/from-template: a classic campaign's draft made from a request template (docs/templates.md,
 * "Campaigns from a template"). A campaign sends each signatory a copy they sign alone, so the template must have
 * exactly one role, a signer: its documents, signature fields, level and options become the draft's; the
 * signatories are added as for any campaign (typed or imported), then it is sent. The template and version it was
 * made from are in the campaign's audit trail, in the same transaction.
 */
export async function createCampaignFromTemplate(opts: Options & { input: CampaignFromTemplateInput }): Promise<string> {
  const { platform, actor, input } = opts;
  const source = await templateForBatch({ platform, actor, id: input.templateId, version: input.version });
  const [only, ...others] = source.roles;
  if (!only || others.length || only.role !== 'signer') {
    const roles = source.roles.map((r) => `${r.name} (${r.role})`).join(', ');
    const message = `A campaign sends each signatory a copy they sign alone: the template "${source.templateName}" must have one role, a signer — it has ${roles}. Make a request from it instead, or use a template with one signer role.`;
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'templateId', rule: 'invalid_value', message }] });
  }
  const data = campaignInputSchema.parse({
    label: input.label ?? source.label,
    transactionRequest: { send: false },
    transactionDocuments: [],
    optionsRequest: source.options,
    level: source.level,
  });
  return createCampaign({
    platform,
    actor,
    type: 'campain',
    data,
    documents: source.documents,
    within: (tx, campaignId) =>
      audit(tx, {
        appId: actor.appId,
        actorUserId: actor.realUserId,
        action: 'campaign.created_from_template',
        targetType: 'campaign',
        targetId: campaignId,
        data: { templateId: source.templateId, templateName: source.templateName, version: source.version },
        ip: actor.ip,
      }),
  });
}
