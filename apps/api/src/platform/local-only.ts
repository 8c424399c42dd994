import net from 'node:net';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * True for the machine itself: 127.0.0.0/8 and ::1 in any spelling, IPv4-mapped IPv6 (::ffff:127.0.0.1)
 * included — BlockList compares addresses, not strings.
 */
export function isLoopbackAddress(address: string): boolean {
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined;
  return family !== undefined && LOOPBACK.check(address, family);
}

/**
 * True when the request comes from this machine: the connection is from loopback and so is the client
 * the trusted proxies name (`request.ip`, which follows TRUST_PROXY; ADR 061). Both, so that neither a
 * forwarding header nor a proxy on this machine can make another machine's request look local.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress ?? '') && isLoopbackAddress(request.ip);
}

/**
 * ADR 019: the `onRequest` hook of every sandbox route. A request that is not from the machine itself
 * gets the same 404 as a path that does not exist, unless the operator allowed remote callers for a test
 * environment.
 */
export function localOnly(allowRemote: boolean): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (allowRemote || isFromThisMachine(request)) return;
    return reply.callNotFound();
  };
}
