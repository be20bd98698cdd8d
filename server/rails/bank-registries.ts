import { createRequire } from 'node:module';

/*
 * Registries of bank and branch codes, where a country publishes one and a maintained package carries
 * it: India's IFSCs (RBI's list, as Razorpay's `ifsc` package ships it) and Japan's Zengin bank and
 * branch codes (`zengin-code`). A code of the right form that the registry does not list is refused
 * (HDFC0ZZZZZZ, 0005-999): a payout to it would only come back. The data is read on first use, not
 * at start (about 1 MB and 5 MB), and kept; only the data files are loaded, never the packages' code.
 */

const require = createRequire(import.meta.url);

/** Bank prefix → its branch codes; numeric branches are stored as numbers. */
type IfscData = Record<string, readonly (number | string)[]>;
let ifscBranches: Map<string, ReadonlySet<string>> | undefined;
let ifscData: IfscData | undefined;

interface ZenginBank {
  code: string;
  name: string;
  branches: Record<string, { code: string; name: string }>;
}
let zengin: Record<string, ZenginBank> | undefined;

function branchesOfIfscBank(bank: string): ReadonlySet<string> | undefined {
  ifscData ??= require('ifsc/src/IFSC.json') as IfscData;
  ifscBranches ??= new Map();
  let branches = ifscBranches.get(bank);
  if (!branches) {
    const listed = Object.prototype.hasOwnProperty.call(ifscData, bank) ? ifscData[bank] : undefined;
    if (!listed) return undefined;
    // The package writes all-digit branches as numbers (001234 → 1234); keep them as six characters.
    branches = new Set(
      listed.map((code) => (typeof code === 'number' ? String(code).padStart(6, '0') : code)),
    );
    ifscBranches.set(bank, branches);
  }
  return branches;
}

/** Why an IFSC of the right form is not one RBI lists, or undefined when it is listed. */
export function ifscRegistryProblem(ifsc: string): string | undefined {
  const code = ifsc.toUpperCase();
  const branches = branchesOfIfscBank(code.slice(0, 4));
  if (!branches) return `${code.slice(0, 4)} is not a bank code in RBI's IFSC list.`;
  if (!branches.has(code.slice(5))) return `${code} is not a branch in RBI's IFSC list.`;
  return undefined;
}

/**
 * Why a Zengin "bank-branch" code (0005-001) is not one the Zengin system lists, or undefined when
 * it is; names the bank when only the branch is unknown.
 */
export function zenginRegistryProblem(bankBranch: string): string | undefined {
  const [bankCode = '', branchCode = ''] = bankBranch.split('-');
  zengin ??= require('zengin-code') as Record<string, ZenginBank>;
  const bank = Object.prototype.hasOwnProperty.call(zengin, bankCode) ? zengin[bankCode] : undefined;
  if (!bank) return `${bankCode} is not a bank code of the Zengin system.`;
  if (!Object.prototype.hasOwnProperty.call(bank.branches, branchCode))
    return `${branchCode} is not a branch of bank ${bankCode} (${bank.name}) in the Zengin system.`;
  return undefined;
}
