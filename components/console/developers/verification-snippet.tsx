/** A minimal Node receiver that verifies callbacks with the official standardwebhooks package. */
export const VERIFICATION_SNIPPET = `import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.CALLBACK_SECRET); // whsec_…

createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString('utf8'); // the raw body, unparsed
  try {
    // Throws on a wrong signature or a timestamp more than 5 minutes off.
    const event = webhook.verify(body, req.headers);
    // Deduplicate on event.eventId (the webhook-id), then read the payin:
    // GET /api/payins/{event.idPayin}
    res.writeHead(204).end();
  } catch {
    res.writeHead(400).end();
  }
}).listen(8080);
`;

export function VerificationSnippet({ label }: { label: string }) {
  return (
    <pre tabIndex={0} aria-label={label}>
      <code>{VERIFICATION_SNIPPET}</code>
    </pre>
  );
}
