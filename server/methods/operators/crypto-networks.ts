import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import type { PaymentOperator } from '../port';

/** A blockchain a stablecoin is sent on, with the token's mainnet contract there. */
export interface CryptoNetwork extends PaymentOperator {
  family: 'TRON' | 'EVM';
  tokenStandard: 'TRC-20' | 'ERC-20';
  /** EIP-155 chain ID of EVM networks. */
  chainId?: number;
  contractAddress: string;
}

const TRON = { code: 'TRON', name: 'TRON (TRC-20)', family: 'TRON', tokenStandard: 'TRC-20' } as const;
const ETHEREUM = {
  code: 'ETHEREUM',
  name: 'Ethereum (ERC-20)',
  family: 'EVM',
  tokenStandard: 'ERC-20',
  chainId: 1,
} as const;
const POLYGON = {
  code: 'POLYGON',
  name: 'Polygon PoS (ERC-20)',
  family: 'EVM',
  tokenStandard: 'ERC-20',
  chainId: 137,
} as const;

/**
 * Tether's and Circle's mainnet contracts. USDC is not offered on TRON: Circle ended its TRON
 * support in 2024. Polygon's is Circle's native USDC, not the bridged USDC.e.
 */
export const CRYPTO_NETWORKS: Partial<Record<CurrencyCode, readonly CryptoNetwork[]>> = {
  USDT: [
    { ...TRON, contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    { ...ETHEREUM, contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  ],
  USDC: [
    { ...ETHEREUM, contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    { ...POLYGON, contractAddress: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
  ],
};
