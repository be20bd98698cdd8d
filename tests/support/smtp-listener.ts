import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** How the listener answers a message: accept it, refuse it with an SMTP code, or never answer. */
export type SmtpAnswer = 'accept' | 'hold' | { code: number; message: string };

export interface SmtpListener {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every message accepted (answered 250), parsed, in order. */
  accepted: ParsedMail[];
  /** Messages whose DATA arrived, whatever the answer (accepted, refused or held), parsed, in order. */
  received: ParsedMail[];
  /** Decides each message's answer, by its position among all received (0-based); default accept. */
  answer: (index: number, mail: ParsedMail) => SmtpAnswer;
  /** Waits until `count` messages were accepted (or the timeout passed); the accepted list. */
  waitForAccepted(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port (the `smtp-server` package, no TLS, no authentication) for
 * tests: messages are parsed with `mailparser` as a mail client would read them.
 */
export async function startSmtpListener(): Promise<SmtpListener> {
  const listener: Omit<SmtpListener, 'url'> & { url: string } = {
    url: '',
    accepted: [],
    received: [],
    answer: () => 'accept',
    async waitForAccepted(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (listener.accepted.length < count && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      return listener.accepted;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void simpleParser(Buffer.concat(chunks), { keepCidLinks: true }).then((mail) => {
          const index = listener.received.push(mail) - 1;
          const answer = listener.answer(index, mail);
          if (answer === 'hold') return;
          if (answer === 'accept') {
            listener.accepted.push(mail);
            callback(null, 'queued');
            return;
          }
          const error = Object.assign(new Error(answer.message), { responseCode: answer.code });
          callback(error);
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  listener.url = `smtp://127.0.0.1:${port}`;
  return listener;
}
