import 'server-only';
import { callbackReceiverAckSchema, callbackReceiverMessagesSchema } from '@/lib/api/callback-responses';
import { callbackReceiverQuerySchema } from '@/lib/schemas';
import type { CallbackReceiver } from '../../callbacks';
import { AppError, parseOrThrow } from '../../errors';
import { requireMerchantWideOperation } from '../middleware/authenticate';
import { reply } from '../reply';
import { defineRoute, type ApiRoute } from '../route';
import { readBody } from '../body';

/** The built-in callback receiver: its inbox (anyone holding the URL) and its messages (the merchant). */
export function callbackReceiverRoutes(receiver: CallbackReceiver): readonly ApiRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/callback-receiver/:key',
      operationId: 'receiveCallback',
      summary: 'The built-in callback receiver',
      description:
        "Keeps whatever is posted (any content type, up to 64 KiB) for the merchant the key belongs to: the merchant's " +
        'receiver URL (GET /callback-receiver) is an unguessable capability, as a webhook endpoint is. Each message is ' +
        "stored with its headers and whether its Standard Webhooks signature verified with the merchant's callback secret " +
        'when it arrived. The newest 200 messages of the last 7 days are kept. An unknown key answers 404.',
      tag: 'Callback receiver',
      versioned: false,
      auth: 'none',
      requestBodyDocument: {
        description: 'Whatever the sender posts, kept as text with its headers.',
        required: false,
        content: { '*/*': { description: 'Any content type, up to 64 KiB.', jsonSchema: {} } },
      },
      responses: { 200: { description: 'The message was kept.', schema: callbackReceiverAckSchema } },
      errors: ['NOT_FOUND'],
      async handle(c) {
        const message = await receiver.receive({
          key: c.req.param('key') ?? '',
          headers: c.req.raw.headers,
          body: new TextDecoder().decode(await readBody(c, c.get('bodyLimit'))),
        });
        if (!message) throw new AppError('NOT_FOUND', 'No callback receiver here.');
        return reply(c, { received: true });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/callback-receiver',
      operationId: 'listReceivedCallbacks',
      summary: "Read the built-in receiver's messages",
      description:
        "The merchant's receiver URL (give it as a payin's callbackUrl, or to POST /callbacks/!test: callbacks to it are " +
        'delivered within this service even when it runs on localhost) and the messages it took in, newest first: the ' +
        'latest `limit` (default 50, at most 200), or with `after` only those newer than that message id (polling). ' +
        'Token operation: GET /callback-receiver. Not reachable with a token confined to one payin.',
      tag: 'Callback receiver',
      versioned: true,
      auth: 'token',
      authorize: requireMerchantWideOperation,
      query: [
        {
          name: 'limit',
          description: 'Messages to return, 1–200 (default 50).',
          schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
        },
        {
          name: 'after',
          description: 'Only messages newer than this message id.',
          schema: { type: 'string', pattern: '^[0-9]{1,18}$' },
        },
      ],
      responses: {
        200: { description: 'The receiver URL and its messages.', schema: callbackReceiverMessagesSchema },
      },
      errors: ['VALIDATION_FAILED'],
      async handle(c) {
        const query = parseOrThrow(callbackReceiverQuerySchema, c.req.query());
        const merchant = c.get('merchant');
        return reply(c, {
          url: receiver.urlOf(merchant.code),
          data: await receiver.list(merchant.code, query),
        });
      },
    }),
  ];
}
