import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PARTNER_OPEN_LINK_PATH,
  ZPartnerOpenLinkRequest,
  ZPartnerOpenLinkResponse,
} from '@konek/contract/partner-open-link';
import {
  PARTNER_BUILD_LINK_PATH,
  ZPartnerBuildLinkRequest,
  ZPartnerBuildLinkResponse,
} from '@konek/contract/partner-build-link';
import { localOnly } from '../../platform/local-only';
import { ok } from '../../platform/reply';
import { buildLink, openLink, type PartnerDependencies } from './service';

const MODULE = 'partner';

export type PartnerRoutesOptions = {
  partner: PartnerDependencies;
  isSandboxEnabled: boolean;
  /** The link builder answers other machines too (ADR 019). */
  isSandboxRemoteAllowed: boolean;
};

/** spec §2.2 /serviceability/pcp/*: open a partner's link; build a test link while the sandbox is on. */
export const partnerRoutes: FastifyPluginAsyncZod<PartnerRoutesOptions> = async (
  app,
  { partner, isSandboxEnabled, isSandboxRemoteAllowed },
) => {
  app.post(
    PARTNER_OPEN_LINK_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZPartnerOpenLinkRequest,
        response: { 200: ZPartnerOpenLinkResponse },
      },
    },
    async (request) => {
      const opened = await openLink(partner, request.body.payload);
      return ok(MODULE, {
        msisdn: opened.msisdn,
        ...(opened.campaign === undefined ? {} : { campaign: opened.campaign }),
        ...(opened.agent_code === undefined ? {} : { agent_code: opened.agent_code }),
        expires_at: opened.expiresAt.toISOString(),
      });
    },
  );

  // Not registered in production: the path then answers 404 like any unknown one. Otherwise only the
  // machine itself may mint links for any number (ADR 019).
  if (!isSandboxEnabled) return;
  app.post(
    PARTNER_BUILD_LINK_PATH,
    {
      onRequest: localOnly(isSandboxRemoteAllowed),
      schema: {
        tags: [MODULE],
        body: ZPartnerBuildLinkRequest,
        response: { 200: ZPartnerBuildLinkResponse },
      },
    },
    async (request) => ok(MODULE, await buildLink(partner, request.body)),
  );
};
