import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { EmailUnavailableError } from './email-sender';
import { createSmtpEmailSender } from './smtp-email-sender';

// The SMTP adapter against a real SMTP server (smtp-server, nodemailer's own) on this machine: what
// arrives, and how each failure reads — without the recipient, the body or the credentials.

type Received = { from: string; to: string[]; user: string | undefined; raw: string };

const running: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(
    running.splice(0).map((server) => new Promise<void>((done) => server.close(() => done()))),
  );
});

/** A local SMTP server without TLS, on a free port; `received` fills as messages arrive. */
async function startServer(options: SMTPServerOptions = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === 'konek' && auth.password === 's3cret:pass'
        ? callback(null, { user: auth.username })
        : callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 })),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...options,
  });
  running.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.server.address() as net.AddressInfo;
  return { port, received };
}

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((ready) => probe.listen(0, '127.0.0.1', ready));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

const message = {
  to: 'Household.One@example.ph',
  subject: 'Fibre has reached your street',
  text: 'Konek fibre is now available at your address. Order: https://konek.example/plans',
  html: '<p>Konek fibre is now available at your address.</p>',
  headers: {
    'List-Unsubscribe': '<https://konek.example/unsubscribe?t=abc123>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

/** The value of one header of a raw message, its folded lines joined. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const failureOf = async (promise: Promise<unknown>): Promise<EmailUnavailableError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(EmailUnavailableError);
    return error as EmailUnavailableError;
  }
  throw new Error('the send did not fail');
};

/** Nothing personal and no secret in what reaches the log. */
function expectNoPersonalData(error: Error): void {
  for (const text of [error.message, error.stack ?? '']) {
    expect(text).not.toMatch(/household\.one@example\.ph/i);
    expect(text).not.toContain('Fibre has reached');
    expect(text).not.toContain('available at your address');
    expect(text).not.toContain('s3cret');
  }
}

describe('SMTP email sender', () => {
  it('delivers subject, from, to, the text and HTML parts and List-Unsubscribe, signed in with the URL’s credentials', async () => {
    const { port, received } = await startServer();
    const sender = createSmtpEmailSender({
      url: `smtp://konek:${encodeURIComponent('s3cret:pass')}@127.0.0.1:${port}`,
      from: 'Konek <alerts@konek.example>',
    });
    expect(sender.name).toBe('smtp');
    await sender.send(message);

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.user).toBe('konek');
    expect(mail!.from).toBe('alerts@konek.example');
    expect(mail!.to).toEqual(['Household.One@example.ph']);
    expect(header(mail!.raw, 'Subject')).toBe(message.subject);
    expect(header(mail!.raw, 'From')).toBe('Konek <alerts@konek.example>');
    expect(header(mail!.raw, 'To')).toBe('Household.One@example.ph');
    expect(header(mail!.raw, 'List-Unsubscribe')).toBe(
      '<https://konek.example/unsubscribe?t=abc123>',
    );
    expect(header(mail!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail!.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
    // Quoted-printable: its soft line breaks undone.
    expect(mail!.raw.replace(/=\r?\n/g, '')).toContain('https://konek.example/plans');
    expect(mail!.raw).toContain('<p>Konek fibre is now available at your address.</p>');
  });

  it('sends text alone when there is no HTML, without signing in when the URL names no user', async () => {
    const { port, received } = await startServer();
    const sender = createSmtpEmailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'alerts@konek.example',
    });
    await sender.send({ to: 'a@example.ph', subject: 'Hello', text: 'Plain words.' });
    expect(received).toHaveLength(1);
    expect(received[0]!.user).toBeUndefined();
    expect(header(received[0]!.raw, 'Content-Type')).toMatch(/^text\/plain/);
  });

  it('fails with EmailUnavailableError when the connection is refused', async () => {
    const port = await closedPort();
    const sender = createSmtpEmailSender({
      url: `smtp://konek:s3cret@127.0.0.1:${port}`,
      from: 'alerts@konek.example',
    });
    const error = await failureOf(sender.send(message));
    expect(error.message).toMatch(
      /^Email could not be sent: ESOCKET at CONN: connect ECONNREFUSED/,
    );
    expect(error.permanent).toBe(false);
    expectNoPersonalData(error);
  });

  it('fails with EmailUnavailableError when the server never greets in time', async () => {
    const { port } = await startServer({
      // The greeting waits for this callback, which never comes.
      onConnect: () => undefined,
    });
    const sender = createSmtpEmailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'alerts@konek.example',
      timeoutMs: 200,
    });
    const error = await failureOf(sender.send(message));
    expect(error.message).toMatch(/^Email could not be sent: ETIMEDOUT/);
    expect(error.permanent).toBe(false);
  });

  it('maps a 5xx reply to a permanent failure that names the reply, not the recipient', async () => {
    const { port, received } = await startServer({
      onRcptTo: (address, _session, callback) =>
        callback(
          Object.assign(new Error(`<${address.address}>: Recipient address rejected`), {
            responseCode: 550,
          }),
        ),
    });
    const sender = createSmtpEmailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'alerts@konek.example',
    });
    const error = await failureOf(sender.send(message));
    expect(error.message).toMatch(
      /^Email could not be sent: EENVELOPE reply 550 .*Recipient address rejected/,
    );
    expect(error.permanent).toBe(true);
    expectNoPersonalData(error);
    expect(received).toHaveLength(0);
  });

  it('maps a 4xx reply to a failure worth another try', async () => {
    const { port } = await startServer({
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 })),
        );
      },
    });
    const sender = createSmtpEmailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'alerts@konek.example',
    });
    const error = await failureOf(sender.send(message));
    expect(error.message).toMatch(/^Email could not be sent: EMESSAGE reply 451 .*Try again later/);
    expect(error.permanent).toBe(false);
    expectNoPersonalData(error);
  });

  it('maps refused credentials without repeating them', async () => {
    const { port } = await startServer();
    const sender = createSmtpEmailSender({
      url: `smtp://konek:s3cret-wrong@127.0.0.1:${port}`,
      from: 'alerts@konek.example',
    });
    const error = await failureOf(sender.send(message));
    expect(error.message).toMatch(/^Email could not be sent: EAUTH reply 535/);
    expect(error.permanent).toBe(true);
    expectNoPersonalData(error);
  });
});
