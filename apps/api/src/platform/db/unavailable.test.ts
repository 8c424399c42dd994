import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { serializeError } from '../logging';
import { databaseUnavailableReason } from './unavailable';

// ADR 078: which failures mean PostgreSQL cannot serve just now (503 with Retry-After) and which are a
// statement gone wrong (500), as pg, pg-pool, Node and drizzle report them.

function serverError(state: string): pg.DatabaseError {
  const error = new pg.DatabaseError('the server says no', 0, 'error');
  error.code = state;
  return error;
}

function socketError(code: string, syscall = 'connect'): Error {
  return Object.assign(new Error(`${syscall} ${code} 127.0.0.1:5432`), { code, syscall });
}

/** drizzle's wrapper, whose message holds the statement and its values. */
const failedQuery = (cause: unknown) =>
  new DrizzleQueryError('select * from users where msisdn = $1', ['639171234567'], cause as Error);

describe('a database that cannot serve just now', () => {
  it.each([
    ['statement_timeout', serverError('57014')],
    ['the connection ended by the server', serverError('57P01')],
    ['the server crashed', serverError('57P02')],
    ['the server starting', serverError('57P03')],
    ['too many connections', serverError('53300')],
    ['a connection exception', serverError('08006')],
    ['no pooled connection in time', new Error('timeout exceeded when trying to connect')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ["a listening connection's connect timeout", new Error('timeout expired')],
    ['no answer in time', new Error('Query read timeout')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    [
      'a connection lost before',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET', 'read')],
    ["the embedded server's socket gone", socketError('ENOENT')],
  ])('is %s, alone or wrapped by drizzle', (_, error) => {
    expect(databaseUnavailableReason(error)).toEqual(expect.any(String));
    expect(databaseUnavailableReason(failedQuery(error))).toBe(databaseUnavailableReason(error));
  });

  it('is not a statement gone wrong, nor any other failure', () => {
    for (const error of [
      serverError('23505'),
      serverError('42601'),
      serverError('40P01'),
      new Error('Something else'),
      socketError('ENOENT', 'open'),
      failedQuery(serverError('23514')),
      'not an error',
      undefined,
    ]) {
      expect(databaseUnavailableReason(error)).toBeUndefined();
    }
  });

  it('is logged as its reason, without the statement or its values (ADR 021)', () => {
    const logged = JSON.stringify(serializeError(failedQuery(new Error('Query read timeout'))));
    expect(logged).toContain('database unavailable: no answer in time');
    expect(logged).not.toMatch(/select|msisdn|639171234567/);
  });
});
