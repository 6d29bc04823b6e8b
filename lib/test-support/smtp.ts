import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  url: string;
  received: ParsedMail[];
  /** Raw messages as they came over the wire. */
  raw: string[];
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  port?: number;
  /** Refuses the recipients for whom it says so (550, a refusal for good). */
  refuse?: (address: string) => boolean;
  /**
   * Runs once a message has come in whole and is kept, before the server answers 250 for it: a test can stop the
   * sender there (the message is with the server, the sender has not heard so).
   */
  beforeAccepting?: (message: ParsedMail) => Promise<void> | void;
}

/**
 * A real SMTP server (the smtp-server package) on loopback for one test: it speaks the whole protocol, keeps every
 * message parsed by mailparser, and refuses recipients as `refuse` says.
 */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const raw: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = Object.assign(new Error('No such user here'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = Buffer.concat(chunks);
        raw.push(message.toString('utf8'));
        simpleParser(message)
          .then(async (parsed) => {
            received.push(parsed);
            await options.beforeAccepting?.(parsed);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, url: `smtp://127.0.0.1:${port}`, received, raw, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A loopback port with nothing listening on it (an SMTP server that is down). */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
