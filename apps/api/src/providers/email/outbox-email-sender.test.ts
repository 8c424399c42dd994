import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { createEmailSender } from './create-email-sender';
import { EmailUnavailableError } from './email-sender';
import { createOutboxEmailSender, type OutboxEmail } from './outbox-email-sender';

const message = {
  to: 'household@example.ph',
  subject: 'Fibre has reached your street',
  text: 'Order at https://konek.example/plans',
  headers: { 'List-Unsubscribe': '<https://konek.example/unsubscribe?t=abc>' },
};

/** A logger whose lines are kept, to read what a failure writes. */
function capturedLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { log: pino(stream) as unknown as FastifyBaseLogger, lines };
}

describe('outbox email sender', () => {
  it('hands the message to the outbox with its From', async () => {
    const written: OutboxEmail[] = [];
    const sender = createOutboxEmailSender(async (email) => {
      written.push(email);
    }, 'Konek <alerts@konek.example>');
    expect(sender.name).toBe('outbox');
    await sender.send(message);
    expect(written).toEqual([{ ...message, from: 'Konek <alerts@konek.example>' }]);
  });

  it('fails with EmailUnavailableError naming the database’s code, never what the row held', async () => {
    const sender = createOutboxEmailSender(async (email) => {
      throw Object.assign(new Error(`Failing row contains (${email.to}, ${email.subject})`), {
        code: '23514',
      });
    }, 'alerts@konek.example');
    const failure = sender.send(message);
    await expect(failure).rejects.toBeInstanceOf(EmailUnavailableError);
    await expect(failure).rejects.toThrow('Email could not be sent: outbox write failed (23514)');
  });
});

describe('createEmailSender', () => {
  it('is the outbox by default, with the outbox’s own From', async () => {
    const written: OutboxEmail[] = [];
    const { log } = capturedLog();
    const sender = createEmailSender(
      loadConfig({}),
      async (email) => {
        written.push(email);
      },
      log,
    );
    expect(sender.name).toBe('outbox');
    await sender.send(message);
    expect(written[0]!.from).toBe('Konek <no-reply@konek.invalid>');
  });

  it('is SMTP when configured', () => {
    const config = loadConfig({
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
      EMAIL_FROM: 'alerts@konek.example',
    });
    const sender = createEmailSender(config, async () => undefined, capturedLog().log);
    expect(sender.name).toBe('smtp');
  });

  it('logs a failure with its reason and provider, without the address, subject or text', async () => {
    const { log, lines } = capturedLog();
    const sender = createEmailSender(
      loadConfig({}),
      async () => {
        throw Object.assign(new Error(`duplicate (${message.to})`), { code: '23505' });
      },
      log,
    );
    await expect(sender.send(message)).rejects.toBeInstanceOf(EmailUnavailableError);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as {
      msg: string;
      provider: string;
      err: { message: string };
    };
    expect(line).toMatchObject({ msg: 'email could not be sent', provider: 'outbox' });
    expect(line.err.message).toBe('Email could not be sent: outbox write failed (23505)');
    expect(lines[0]).not.toContain('household@example.ph');
    expect(lines[0]).not.toContain('Fibre has reached');
    expect(lines[0]).not.toContain('konek.example/plans');
  });
});
