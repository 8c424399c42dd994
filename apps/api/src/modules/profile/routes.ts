import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getConsentsCall, recordConsentsCall } from '@konek/contract/consents';
import { getProfileCall, updateInfoCall } from '@konek/contract/update-info';
import { updateNotificationInfoCall } from '@konek/contract/update-notification-info';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import {
  consentsOf,
  profileOf,
  recordConsents,
  updateInfo,
  updateNotificationEmail,
  type ProfileDependencies,
} from './service';

const MODULE = 'user';

export type ProfilePluginOptions = ProfileDependencies & { auth: Auth };

/**
 * product §7.2 /api/v3/user/update_info and update_notification_info; beside them Konek's get_profile
 * and the consent record (get_consents, record_consents, ADR 033). All take the user target.
 */
export const profilePlugin: FastifyPluginAsyncZod<ProfilePluginOptions> = async (app, options) => {
  const { auth, ...deps } = options;
  const call = { module: MODULE, auth };

  registerCall(app, updateInfoCall, call, async ({ principal, body }) =>
    ok(MODULE, { profile: await updateInfo(deps, principal.userId, body) }),
  );

  registerCall(app, getProfileCall, call, async ({ principal }) =>
    ok(MODULE, { profile: await profileOf(deps.db, principal.userId) }),
  );

  registerCall(app, updateNotificationInfoCall, call, async ({ principal, body, request }) =>
    updateNotificationEmail(deps, principal.userId, body.notification_identifier, request.ip),
  );

  registerCall(app, recordConsentsCall, call, async ({ principal, body }) =>
    ok(MODULE, await recordConsents(deps, principal.userId, body)),
  );

  registerCall(app, getConsentsCall, call, async ({ principal }) =>
    ok(MODULE, await consentsOf(deps.db, principal.userId)),
  );
};
