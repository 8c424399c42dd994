import crypto from 'node:crypto';
import http from 'node:http';

// A stand-in for PayMongo's API on a local port, started by the tests of the PayMongo adapter: it keeps
// checkout sessions, payments and refunds as PayMongo does, checks Basic auth, records every request,
// and can be told to answer the next requests with a given status, body or delay.

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
};

type Session = {
  id: string;
  intentId: string;
  attributes: Record<string, unknown>;
  status: 'active' | 'expired';
  payment: { id: string; amount: number; method: string } | null;
  refunded: number;
};

export type FakePayMongo = {
  url: string;
  requests: RecordedRequest[];
  /** The wallet took the money for this checkout. */
  pay: (checkoutId: string) => { paymentId: string; amount: number };
  /** The next `count` requests get this answer (after `delayMs`) instead of the usual one. */
  override: (answer: { status: number; body: string; delayMs?: number }, count?: number) => void;
  close: () => Promise<void>;
};

const json = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const error = (response: http.ServerResponse, status: number, code: string, detail: string) =>
  json(response, status, { errors: [{ code, detail }] });

export async function startFakePayMongo(secretKey: string): Promise<FakePayMongo> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Session>();
  const overrides: { status: number; body: string; delayMs?: number }[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  const resource = (session: Session) => ({
    data: {
      id: session.id,
      type: 'checkout_session',
      attributes: {
        ...session.attributes,
        checkout_url: `https://checkout.paymongo.test/${session.id}`,
        status: session.status,
        payment_intent: { id: session.intentId, type: 'payment_intent', attributes: {} },
        payment_method_used: session.payment?.method ?? null,
        payments: session.payment
          ? [
              {
                id: session.payment.id,
                type: 'payment',
                attributes: {
                  amount: session.payment.amount,
                  currency: 'PHP',
                  status: 'paid',
                  paid_at: Math.floor(Date.now() / 1000),
                  source: { type: session.payment.method },
                },
              },
            ]
          : [],
      },
    },
  });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const path = request.url ?? '';
      requests.push({ method: request.method ?? '', path, headers: request.headers, body });
      const override = overrides.shift();
      if (override) {
        setTimeout(() => {
          if (response.writableEnded || response.destroyed) return;
          response.writeHead(override.status, { 'content-type': 'application/json' });
          response.end(override.body);
        }, override.delayMs ?? 0);
        return;
      }
      if (request.headers.authorization !== expectedAuth) {
        return error(response, 401, 'authentication_failed', 'The API key is not valid.');
      }
      const attributes =
        (body as { data?: { attributes?: Record<string, unknown> } } | undefined)?.data
          ?.attributes ?? {};
      if (request.method === 'POST' && path === '/v1/checkout_sessions') {
        const id = `cs_${crypto.randomBytes(8).toString('hex')}`;
        const session: Session = {
          id,
          intentId: `pi_${crypto.randomBytes(8).toString('hex')}`,
          attributes,
          status: 'active',
          payment: null,
          refunded: 0,
        };
        sessions.set(id, session);
        return json(response, 200, resource(session));
      }
      const match = /^\/v1\/checkout_sessions\/([^/]+)(\/expire)?$/.exec(path);
      if (match) {
        const session = sessions.get(match[1]!);
        if (!session) return error(response, 404, 'resource_not_found', 'No such checkout.');
        if (request.method === 'GET' && !match[2]) return json(response, 200, resource(session));
        if (request.method === 'POST' && match[2]) {
          if (session.payment || session.status === 'expired') {
            return error(response, 400, 'resource_failed_state', 'The checkout cannot be expired.');
          }
          session.status = 'expired';
          return json(response, 200, resource(session));
        }
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        const session = [...sessions.values()].find(
          (candidate) => candidate.payment?.id === attributes['payment_id'],
        );
        if (!session?.payment)
          return error(response, 404, 'resource_not_found', 'No such payment.');
        const amount = Number(attributes['amount']);
        if (amount > session.payment.amount - session.refunded) {
          return error(
            response,
            400,
            'parameter_above_maximum',
            'amount must be less than or equal to the refundable amount.',
          );
        }
        session.refunded += amount;
        return json(response, 200, {
          data: {
            id: `ref_${crypto.randomBytes(8).toString('hex')}`,
            type: 'refund',
            attributes: { amount, status: 'pending', payment_id: session.payment.id },
          },
        });
      }
      return error(response, 404, 'resource_not_found', 'No such endpoint.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    pay: (checkoutId) => {
      const session = sessions.get(checkoutId);
      if (!session) throw new Error(`no checkout ${checkoutId}`);
      const items = session.attributes['line_items'] as { amount: number }[];
      const types = session.attributes['payment_method_types'] as string[];
      session.payment = {
        id: `pay_${crypto.randomBytes(8).toString('hex')}`,
        amount: items[0]!.amount,
        method: types[0]!,
      };
      return { paymentId: session.payment.id, amount: session.payment.amount };
    },
    override: (answer, count = 1) => {
      for (let index = 0; index < count; index += 1) overrides.push(answer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
