import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnerOpenLinkCall } from '@konek/contract/partner-open-link';
import { partnerBuildLinkCall } from '@konek/contract/partner-build-link';
import type { Clock } from '../../platform/clock';
import { localOnly } from '../../platform/local-only';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { buildLink, openLink } from './service';

const MODULE = 'partner';

export type PartnerPluginOptions = {
  /** The key that signs and opens partner links (ADR 019). */
  key: Uint8Array;
  clock: Clock;
  isSandboxEnabled: boolean;
  /** The link builder answers other machines too (ADR 019). */
  isSandboxRemoteAllowed: boolean;
};

/** product §2.2 /serviceability/pcp/*: open a partner's link; build a test link while the sandbox is on. */
export const partnerPlugin: FastifyPluginAsyncZod<PartnerPluginOptions> = async (app, options) => {
  const partner = { key: options.key, clock: options.clock };

  registerCall(app, partnerOpenLinkCall, { module: MODULE }, async ({ body }) => {
    const opened = await openLink(partner, body.payload);
    return ok(MODULE, {
      msisdn: opened.msisdn,
      ...(opened.campaign === undefined ? {} : { campaign: opened.campaign }),
      ...(opened.agent_code === undefined ? {} : { agent_code: opened.agent_code }),
      expires_at: opened.expiresAt.toISOString(),
    });
  });

  // Not registered in production: the path then answers 404 like any unknown one. Otherwise only the
  // machine itself may mint links for any number (ADR 019).
  if (!options.isSandboxEnabled) return;
  registerCall(
    app,
    partnerBuildLinkCall,
    { module: MODULE, onRequest: localOnly(options.isSandboxRemoteAllowed) },
    async ({ body }) => ok(MODULE, await buildLink(partner, body)),
  );
};
