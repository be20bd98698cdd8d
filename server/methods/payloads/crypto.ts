import 'server-only';
import { toDecimalString, type Money } from '@/lib/money';

/**
 * An EIP-681 ERC-20 transfer request: ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<units>.
 * The amount is in the token's smallest units (6 decimals for USDT and USDC, our minor units).
 */
export function eip681TokenTransfer(input: {
  contractAddress: string;
  chainId: number;
  to: string;
  amount: Money;
}): string {
  return `ethereum:${input.contractAddress}@${input.chainId}/transfer?address=${input.to}&uint256=${input.amount.minor}`;
}

/**
 * TRON has no URI standard; Trust Wallet's universal send link (SLIP-44 coin 195, "_t" + the TRC-20
 * contract) opens the wallet with token, address and amount filled in.
 */
export function trustWalletTronTransfer(input: {
  contractAddress: string;
  to: string;
  amount: Money;
}): string {
  const params = new URLSearchParams({
    asset: `c195_t${input.contractAddress}`,
    address: input.to,
    amount: toDecimalString(input.amount),
  });
  return `https://link.trustwallet.com/send?${params.toString()}`;
}
