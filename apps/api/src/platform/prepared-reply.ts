import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A compressed copy is worth it from this size on (@fastify/compress's threshold, app.ts). */
const COMPRESS_FROM_BYTES = 1024;

export type ContentEncoding = 'br' | 'gzip';

/**
 * A reply prepared once (ADR 004, ADR 037): its JSON bytes, the ETag that names them, and its
 * compressed copies, each made the first time a client asks for it and kept, so no request compresses.
 */
export type PreparedReply = {
  readonly body: Buffer;
  readonly etag: string;
  readonly encoded: Partial<Record<ContentEncoding, Buffer>>;
};

export function prepareJson(value: unknown): PreparedReply {
  return prepareBytes(Buffer.from(JSON.stringify(value)));
}

/** Any bytes prepared the same way (a page of the web app, ADR 055). */
export function prepareBytes(body: Buffer): PreparedReply {
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, encoded: {} };
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, then gzip, when the client accepts it
 * (a `;q=0` refuses); none otherwise.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  let hasGzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip' && coding !== '*') continue;
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(parameter));
    if (refused) continue;
    if (coding === 'br' || coding === '*') return 'br';
    hasGzip = true;
  }
  return hasGzip ? 'gzip' : undefined;
}

function encodedBody(prepared: PreparedReply, encoding: ContentEncoding): Buffer {
  const encoded = prepared.encoded[encoding];
  if (encoded) return encoded;
  const made =
    encoding === 'br'
      ? zlib.brotliCompressSync(prepared.body, {
          params: { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: prepared.body.length },
        })
      : zlib.gzipSync(prepared.body, { level: zlib.constants.Z_BEST_COMPRESSION });
  prepared.encoded[encoding] = made;
  return made;
}

/**
 * Sends a prepared reply with its ETag and `cacheControl`: 304 without a body when the client holds it
 * (If-None-Match; only for a 200), else its bytes with `status`, compressed as the client accepts once
 * they are large enough.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedReply,
  cacheControl: string,
  {
    contentType = 'application/json',
    status = 200,
  }: { contentType?: string; status?: number } = {},
): FastifyReply {
  reply.header('etag', prepared.etag).header('cache-control', cacheControl);
  if (status === 200 && request.headers['if-none-match'] === prepared.etag) {
    return reply.code(304).send();
  }
  if (status !== 200) reply.code(status);
  reply.type(contentType);
  if (prepared.body.length < COMPRESS_FROM_BYTES) return reply.send(prepared.body);
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === undefined) return reply.send(prepared.body);
  return reply.header('content-encoding', encoding).send(encodedBody(prepared, encoding));
}
