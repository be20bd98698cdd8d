import 'server-only';
import { parsePhone } from '@/lib/methods';
import { toDecimalString, type Money } from '@/lib/money';
import type { PushChannel } from '../../rails';
import type { MethodResponseContext } from '../port';

/** The `pushNotification` of a push method's response: what was pushed where. */
export interface PushNotification {
  channel: PushChannel;
  /** The customer's number, masked: "+233******4567". */
  phoneNumber: string;
  /** Where the customer approves: the wallet or banking app, or the network's prompt. */
  approveIn: string;
  instruction: string;
}

/** A phone number with all but the calling code and the last four digits hidden. */
export function maskPhoneNumber(e164: string, money: Money): string {
  const parsed = parsePhone(e164, money.currency);
  const keep = parsed.ok ? parsed.callingCode.length + 1 : 3;
  const hidden = Math.max(e164.length - keep - 4, 0);
  return e164.slice(0, keep) + '*'.repeat(hidden) + e164.slice(keep + hidden);
}

const APPROVE_HINT: Record<PushChannel, (approveIn: string) => string> = {
  USSD: (approveIn) => `Answer the ${approveIn} prompt on your phone and enter your PIN to approve.`,
  SIM_TOOLKIT: (approveIn) => `Enter your ${approveIn} PIN in the prompt on your phone to approve.`,
  APP: (approveIn) => `Open ${approveIn} and approve the payment request.`,
};

/**
 * Describes the approval request sent to the customer's phone (the push completion kind's marker):
 * the payin's amount to the merchant, pushed through `channel` to the customer's number, approved
 * in `approveIn`.
 */
export function pushNotification(
  payment: Pick<MethodResponseContext, 'customer' | 'money' | 'merchant'>,
  push: { channel: PushChannel; approveIn: string },
): PushNotification {
  const { money } = payment;
  const { phoneNumber } = payment.customer;
  // The request schema makes the phone mandatory for every push method.
  if (phoneNumber === undefined) throw new Error('A push payment needs the customer phone number.');
  const masked = maskPhoneNumber(phoneNumber, money);
  return {
    channel: push.channel,
    phoneNumber: masked,
    approveIn: push.approveIn,
    instruction:
      `A request to pay ${money.currency} ${toDecimalString(money)} to ${payment.merchant.channelName} was sent to ${masked}. ` +
      APPROVE_HINT[push.channel](push.approveIn),
  };
}
