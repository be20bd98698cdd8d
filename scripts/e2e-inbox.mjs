// The end-to-end tests' mail server: a real SMTP listener (smtp-server) the instance sends its
// customer e-mails to, and a loopback HTTP page listing what arrived (GET /messages?to=<address>),
// parsed as a mail client reads them (mailparser). Started by scripts/e2e-server.mjs.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startInbox({ smtpPort, httpPort }) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream, { keepCidLinks: true })
        .then((mail) => {
          messages.push({
            to: mail.to?.text ?? '',
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            language: mail.headers.get('content-language') ?? null,
            messageId: mail.messageId ?? null,
            attachments: mail.attachments.map((file) => ({
              contentType: file.contentType,
              cid: file.cid ?? null,
            })),
          });
          callback(null, 'queued');
        })
        .catch((error) => callback(error));
    },
  });
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://inbox');
    const to = url.searchParams.get('to');
    const found = messages.filter((message) => to === null || message.to === to);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found));
  });
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => http.close(resolve)),
      ]),
  };
}
