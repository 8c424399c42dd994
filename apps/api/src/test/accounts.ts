import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEFAULT_APPLICATION_ID, DEFAULT_OSS_SEGMENT, LOGIN_TYPE } from '@konek/contract/constants';
import { createOtpPath } from '@konek/contract/create-otp';
import { verifyOtpPath } from '@konek/contract/verify-otp';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { SANDBOX_OUTBOX_PATH } from '@konek/contract/sandbox-outbox';

// Helpers for API tests that need a customer: they go through the real calls, reading the SMS code from
// the sandbox outbox as a person reads their phone.

export const GOOD_PIN = '482916';

/** A number no other test uses: 639 and nine random digits. */
export function randomMsisdn(): string {
  return `639${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;
}

export function post(
  app: FastifyInstance,
  url: string,
  payload?: object,
  token?: string,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The code in the newest SMS to the number (read from GET /sandbox/outbox as JSON). */
export async function latestCode(app: FastifyInstance, msisdn: string): Promise<string> {
  const reply = await app.inject({
    method: 'GET',
    url: `${SANDBOX_OUTBOX_PATH}?msisdn=${msisdn}`,
    headers: { accept: 'application/json' },
  });
  const messages: { body: string }[] = reply.json().messages;
  const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${msisdn}`);
  return code;
}

/** Sends a sign-up code to the number and verifies it; answers the reference_id. */
export async function verifyNumber(
  app: FastifyInstance,
  msisdn: string,
  remoteAddress?: string,
): Promise<string> {
  const created = await post(
    app,
    createOtpPath(DEFAULT_OSS_SEGMENT),
    { msisdn },
    undefined,
    remoteAddress,
  );
  expect(created.statusCode, created.body).toBe(200);
  const referenceId: string = created.json().reference_id;
  const verified = await post(app, verifyOtpPath(DEFAULT_OSS_SEGMENT), {
    msisdn,
    code: await latestCode(app, msisdn),
    reference_id: referenceId,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return referenceId;
}

export function registerPayload(msisdn: string, secret: string) {
  return {
    application_id: DEFAULT_APPLICATION_ID,
    login_id: msisdn,
    login_type: LOGIN_TYPE,
    login_secret: secret,
    user_properties: { first_name: 'Maria', last_name: 'Santos' },
  };
}

export async function loginPayload(msisdn: string, pin: string) {
  return {
    application_id: DEFAULT_APPLICATION_ID,
    login_id: msisdn,
    login_type: LOGIN_TYPE,
    login_secret: await hashPin(msisdn, pin),
  };
}

export type Customer = {
  msisdn: string;
  pin: string;
  token: string;
  userId: string;
  accountId: string;
  referenceId: string;
};

/** A registered customer: verified number, PIN GOOD_PIN unless given, signed in. */
export async function signUp(
  app: FastifyInstance,
  options: { msisdn?: string; pin?: string; remoteAddress?: string } = {},
): Promise<Customer> {
  const msisdn = options.msisdn ?? randomMsisdn();
  const pin = options.pin ?? GOOD_PIN;
  const referenceId = await verifyNumber(app, msisdn, options.remoteAddress);
  const reply = await post(app, LOGIN_PATH, registerPayload(msisdn, await hashPin(msisdn, pin)));
  expect(reply.statusCode, reply.body).toBe(200);
  const body = reply.json();
  return {
    msisdn,
    pin,
    token: body.api_token,
    userId: body.user_id,
    accountId: body.account_id,
    referenceId,
  };
}
