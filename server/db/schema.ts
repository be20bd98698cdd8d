import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** json/jsonb: written as a JSON string, read back as the parsed value (json keeps key order). */
export type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface MerchantsTable {
  merchant_code: string;
  /** HMAC-SHA-256(pepper, secret), hex. Never the secret itself. */
  secret_hash: string;
  channel_name: string;
  payment_methods: string[];
  is_test: boolean;
  callback_secret: string;
  /** The secret the last rotation replaced: it signs beside the new one until the time below. */
  previous_callback_secret: ColumnType<string | null, string | null | undefined, string | null>;
  previous_callback_secret_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set by the API's rotation: from then on the merchants file no longer sets the secret. */
  callback_secret_rotated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Fee rules and other per-merchant settings (server/merchants/merchant-settings.ts). */
  settings: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: Date;
}

export interface PayinsTable {
  id: Generated<bigint>;
  merchant_code: string;
  id_payin: string;
  status: string;
  processor_status: string | null;
  payment_method_code: string;
  payment_operator_code: string | null;
  currency_code: string;
  amount_minor: bigint;
  required_amount_minor: bigint | null;
  fee_minor: bigint;
  vat_minor: bigint | null;
  is_test: boolean;
  callback_url: string;
  return_url: string;
  reference: string;
  /** Capability of the simulated institution's pages (redirectTo). */
  institution_session: string | null;
  /** json columns come back as their text (server/db/drivers.ts). */
  customer: ColumnType<string, string, string>;
  method_response: ColumnType<string, string, string>;
  external_reference: string | null;
  /** The payment link the payin was made from (docs/decisions/051). */
  payment_link: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language of the customer's page (or the create request's Accept-Language) for e-mails (decision 052). */
  customer_language: ColumnType<string | null, string | null | undefined, string | null>;
  customer_account_process: Json<Record<string, unknown> | null> | null;
  expire_at: Date;
  created_at: CreatedAt;
  processed_at: Date | null;
  updated_at: Date;
  /** Money received while the payin was open, in minor units; null when none. */
  received_minor: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** Money received after the payin ended; null when none. */
  received_late_minor: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  /** The merchant's collection account the payin is payable to (live collection); null otherwise. */
  collection_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address of a rotating crypto collection account handed to this payin. */
  collection_address: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RateLimitWindowsTable {
  bucket: string;
  /** Epoch milliseconds of the requests accepted in the last window, oldest first. */
  hits: bigint[];
  updated_at: Date;
}

/** One instance's recent hits of a bucket (server/ratelimit/shared.store.ts). */
export interface RateLimitSharesTable {
  instance_id: string;
  bucket: string;
  hits: bigint[];
  updated_at: Date;
}

/** Addresses that authenticated as a merchant (server/merchants/client-addresses.ts). */
export interface MerchantClientAddressesTable {
  merchant_code: string;
  address: string;
  last_success_at: Date;
}

export interface SandboxSimulationsTable {
  id: Generated<bigint>;
  payin_id: bigint;
  /** A status to move the payin to; null for a payment. */
  status: string | null;
  processor_status: string | null;
  /** A payment of this amount in the payin's currency; null for a status. */
  amount_minor: bigint | null;
  due_at: Date;
  created_at: CreatedAt;
}

export interface Database {
  server_secrets: ServerSecretsTable;
  merchants: MerchantsTable;
  payins: PayinsTable;
  rate_limit_windows: RateLimitWindowsTable;
  rate_limit_shares: RateLimitSharesTable;
  sandbox_simulations: SandboxSimulationsTable;
  callback_deliveries: CallbackDeliveriesTable;
  callback_attempts: CallbackAttemptsTable;
  callback_receiver_messages: CallbackReceiverMessagesTable;
  merchant_client_addresses: MerchantClientAddressesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  ledger_settlements: LedgerSettlementsTable;
  payouts: PayoutsTable;
  payout_batches: PayoutBatchesTable;
  sandbox_payout_simulations: SandboxPayoutSimulationsTable;
  refunds: RefundsTable;
  sandbox_refund_simulations: SandboxRefundSimulationsTable;
  collection_transactions: CollectionTransactionsTable;
  statement_mappings: StatementMappingsTable;
  api_keys: ApiKeysTable;
  audit_events: AuditEventsTable;
  console_users: ConsoleUsersTable;
  console_invitations: ConsoleInvitationsTable;
  console_sessions: ConsoleSessionsTable;
  chain_cursors: ChainCursorsTable;
  chain_transfers: ChainTransfersTable;
  chain_wallets: ChainWalletsTable;
  chain_payouts: ChainPayoutsTable;
  payment_links: PaymentLinksTable;
  payment_link_reservations: PaymentLinkReservationsTable;
  customer_emails: CustomerEmailsTable;
}

/** A merchant's payment link (server/payment-links, docs/decisions/051). */
export interface PaymentLinksTable {
  id: Generated<bigint>;
  merchant_code: string;
  id_link: string;
  /** SHA-256 (hex) of the secret in the link's URL. */
  secret_hash: string;
  is_test: boolean;
  description: string;
  currency_code: string;
  /** A fixed amount; null when the customer chooses within min..max. */
  amount_minor: bigint | null;
  min_amount_minor: bigint | null;
  max_amount_minor: bigint | null;
  /** The allowed methods as a JSON array; null: every method of the currency. */
  payment_method_codes: string | null;
  usage_limit: number | null;
  expire_at: Date | null;
  callback_url: string;
  return_url: string | null;
  /** How many payments were started from it: the n of the next `<idLink>.<n>`. */
  starts: Generated<number>;
  created_at: CreatedAt;
  deactivated_at: Date | null;
}

/** A payin being created from a link with a usage limit, counted until it exists (or a minute passed). */
export interface PaymentLinkReservationsTable {
  link_id: bigint;
  id_payin: string;
  created_at: CreatedAt;
}

export type PaymentLinkRow = Selectable<PaymentLinksTable>;

/** A person of a merchant's team in the console (server/people, docs/decisions/035). */
export interface ConsoleUsersTable {
  /** usr_ and 24 hex digits. */
  id: string;
  merchant_code: string;
  email: string;
  name: string;
  role: string;
  /** argon2id PHC string. */
  password_hash: string;
  /** The TOTP secret (base32), sealed with the server's key; null until 2FA is set up. */
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  /** The last TOTP time step accepted: a code is taken once (RFC 6238 §5.2). */
  totp_last_step: ColumnType<string | null, string | null | undefined, string | null>;
  /** Keyed hashes of the unused recovery codes. */
  recovery_code_hashes: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  disabled_at: Date | null;
}

/** A one-time link that lets a person join a merchant's team with a role. */
export interface ConsoleInvitationsTable {
  id: string;
  merchant_code: string;
  email: string;
  role: string;
  /** Keyed hash of the link's token. */
  token_hash: string;
  /** The user who invited (null: the operator). */
  invited_by: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

/** A console sign-in, kept server-side so it can be ended everywhere. */
export interface ConsoleSessionsTable {
  /** ses_ and 24 hex digits: names the session in tokens and lists, proves nothing. */
  id: string;
  /** Keyed hash of the cookie's secret. */
  secret_hash: string;
  user_id: string;
  merchant_code: string;
  /** 'second_factor' (password checked), 'enrol' (2FA to set up) or 'active'. */
  stage: string;
  created_at: CreatedAt;
  expires_at: Date;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  ended_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** Wrong codes entered in this sign-in: it ends at MAX_CODE_ATTEMPTS. */
  failed_codes: ColumnType<number, number | undefined, number>;
  client_address: string;
  user_agent: string | null;
}

/** The merchant's audit log (server/audit-log, docs/decisions/034); rows are immutable. */
export interface AuditEventsTable {
  id: Generated<bigint>;
  merchant_code: string;
  occurred_at: CreatedAt;
  /** The API key whose token did it; null: the merchants file's secret (or a user, the operator). */
  actor_key_id: string | null;
  /** 'user' or 'operator'; null: an API key or the file's secret, as actor_key_id says. */
  actor_type: string | null;
  actor_user_id: string | null;
  /** The person's name when it was done. */
  actor_name: string | null;
  action: string;
  target: string | null;
  client_address: string;
  request_id: string;
  details: Json<Record<string, unknown>>;
}

/** A merchant's API keys (server/merchants/api-keys.ts, docs/decisions/033). */
export interface ApiKeysTable {
  id: string;
  merchant_code: string;
  name: string;
  /** HMAC-SHA-256(pepper, secret), hex. Never the secret itself. */
  secret_hash: string;
  /** The operations its tokens may carry; null: any. */
  operations: string[] | null;
  /** Client addresses and CIDR ranges it may be used from; null: any. */
  allowed_addresses: string[] | null;
  expires_at: Date | null;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Incoming transactions of collection accounts (server/reconciliation, docs/decisions/028). */
export interface CollectionTransactionsTable {
  id: Generated<bigint>;
  merchant_code: string;
  account_id: string;
  bank_transaction_id: string;
  currency_code: string;
  amount_minor: bigint;
  booked_at: Date;
  note: string;
  payer: Json<Record<string, string> | null> | null;
  to_address: string | null;
  source: string;
  raw: string;
  received_at: Date;
  outcome: ColumnType<string, string | undefined, string>;
  matched_by: string | null;
  payin_id: bigint | null;
  applied_minor: ColumnType<bigint, bigint | undefined, bigint>;
  matched_at: Date | null;
  resolution: string | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  resolution_note: string | null;
}

/** How each collection account's CSV statements are read (server/reconciliation, docs/decisions/040). */
export interface StatementMappingsTable {
  merchant_code: string;
  account_id: string;
  mapping: Json<Record<string, unknown>>;
  updated_at: Date;
  updated_by: string;
}

/** The money ledger (server/ledger, docs/decisions/027). */
export interface LedgerAccountsTable {
  id: Generated<bigint>;
  owner: string;
  kind: string;
  currency_code: string;
  debits_minor: Generated<bigint>;
  credits_minor: Generated<bigint>;
  no_overdraft: boolean;
  created_at: Date;
}

export interface LedgerTransfersTable {
  id: Generated<bigint>;
  event_key: string;
  kind: string;
  merchant_code: string;
  currency_code: string;
  payin_id: bigint | null;
  payout_id: bigint | null;
  created_at: Date;
  collection_transaction_id: ColumnType<bigint | null, bigint | null | undefined, never>;
  /** Who caused the transfer when a person did (an operator's review action). */
  actor: ColumnType<string | null, string | null | undefined, never>;
  refund_id: ColumnType<bigint | null, bigint | null | undefined, never>;
}

export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transfer_id: bigint;
  account_id: bigint;
  direction: string;
  amount_minor: bigint;
}

export interface LedgerSettlementsTable {
  payin_id: bigint;
  due_at: Date;
}

export interface PayoutsTable {
  id: Generated<bigint>;
  merchant_code: string;
  id_payout: string;
  status: string;
  processor_status: string | null;
  payment_method_code: string;
  payment_operator_code: string | null;
  payment_operator_name: string | null;
  currency_code: string;
  amount_minor: bigint;
  fee_minor: bigint;
  vat_minor: bigint | null;
  is_test: boolean;
  callback_url: string;
  /** The validated destination (server/payouts/destinations) as JSON text. */
  destination: ColumnType<string, string, string>;
  reference: string;
  created_at: Date;
  processed_at: Date | null;
  /** When a paid one came back (docs/decisions/044): it is REFUSED since. */
  returned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: Date;
  /** Live payouts by file: the collection account paying it, its EndToEndId, its batch while held. */
  payout_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  end_to_end_id: ColumnType<string | null, string | null | undefined, string | null>;
  batch_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

/** A batch of live bank payouts, downloaded as one pain.001 file (server/payouts, decision 038). */
export interface PayoutBatchesTable {
  id: Generated<bigint>;
  merchant_code: string;
  id_batch: string;
  account_id: string;
  currency_code: string;
  format: string;
  status: string;
  payout_count: number;
  /** Refunds in the batch (docs/decisions/042); payout_count + refund_count transfers in its file. */
  refund_count: ColumnType<number, number | undefined, number>;
  total_minor: bigint;
  execution_date: string;
  actor: string | null;
  created_at: Date;
  downloaded_at: Date | null;
  cancelled_at: Date | null;
}

export interface SandboxPayoutSimulationsTable {
  id: Generated<bigint>;
  payout_id: bigint;
  status: string;
  processor_status: string | null;
  due_at: Date;
}

export type PayoutRow = Selectable<PayoutsTable>;
export type PayoutBatchRow = Selectable<PayoutBatchesTable>;

/** Money back to a payin's payer (server/refunds, docs/decisions/036-refunds.md). */
export interface RefundsTable {
  id: Generated<bigint>;
  merchant_code: string;
  payin_id: bigint;
  id_payin: string;
  id_refund: string;
  status: string;
  processor_status: string | null;
  currency_code: string;
  amount_minor: bigint;
  fee_minor: bigint;
  vat_minor: bigint | null;
  is_test: boolean;
  reason: string | null;
  callback_url: string;
  /** The validated destination (server/payouts/destinations) as JSON text; null while a claim waits. */
  destination: string | null;
  destination_source: string | null;
  /** SHA-256 (hex) of the claim link's secret. */
  claim_token_hash: string | null;
  claim_expires_at: Date | null;
  claimed_at: Date | null;
  actor: string | null;
  reference: string;
  created_at: Date;
  processed_at: Date | null;
  /** When a paid one came back (docs/decisions/044): it is REFUSED since. */
  returned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: Date;
  /** Live refunds by file (decision 042): the account paying it, its EndToEndId, its batch while held. */
  payout_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  end_to_end_id: ColumnType<string | null, string | null | undefined, string | null>;
  batch_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export interface SandboxRefundSimulationsTable {
  id: Generated<bigint>;
  refund_id: bigint;
  status: string;
  processor_status: string | null;
  due_at: Date;
}

export type RefundRow = Selectable<RefundsTable>;

export type MerchantRow = Selectable<MerchantsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type AuditEventRow = Selectable<AuditEventsTable>;
export type ConsoleUserRow = Selectable<ConsoleUsersTable>;
export type ConsoleInvitationRow = Selectable<ConsoleInvitationsTable>;
export type ConsoleSessionRow = Selectable<ConsoleSessionsTable>;
export type PayinRow = Selectable<PayinsTable>;
export type NewPayinRow = Insertable<PayinsTable>;
export type PayinUpdate = Updateable<PayinsTable>;

/** The callback outbox: one row per announced status change (docs/decisions/014-callbacks.md). */
export interface CallbackDeliveriesTable {
  id: Generated<bigint>;
  /** The webhook-id: constant across attempts and redeliveries. */
  event_id: string;
  event_type: string;
  merchant_code: string;
  /** The payin or (payout_id) the payout the delivery announces: exactly one is set. */
  payin_id: bigint | null;
  id_payin: string | null;
  payout_id: ColumnType<bigint | null, bigint | null | undefined, never>;
  id_payout: ColumnType<string | null, string | null | undefined, never>;
  /** A refund's delivery also names its payin (payin_id), so it is listed with the payin's. */
  refund_id: ColumnType<bigint | null, bigint | null | undefined, never>;
  id_refund: ColumnType<string | null, string | null | undefined, never>;
  url: string;
  /** The URL's origin (scheme, host, port): deliveries to one endpoint are limited together. */
  endpoint: string;
  /** The exact JSON body, so every attempt sends (and signs) the same bytes. */
  payload: string;
  status: string;
  failure_reason: string | null;
  /** Attempts made in the current run of the retry schedule (a redelivery starts a new run). */
  schedule_step: Generated<number>;
  attempt_count: Generated<number>;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  lease_token: string | null;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
}

export interface CallbackAttemptsTable {
  id: Generated<bigint>;
  delivery_id: bigint;
  attempt_number: number;
  started_at: Date;
  duration_ms: number;
  url: string;
  response_status: number | null;
  response_excerpt: string | null;
  error: string | null;
  outcome: string;
  /** The headers the attempt sent, as JSON text (json arrives as text); null before migration 0007. */
  request_headers: ColumnType<string | null, string | null | undefined, never>;
}

/** What the built-in callback receiver took in (server/callbacks/callback.receiver.ts). */
export interface CallbackReceiverMessagesTable {
  id: Generated<bigint>;
  merchant_code: string;
  received_at: Date;
  /** Lower-cased request headers as JSON text. */
  headers: string;
  body: string;
  signature_verified: boolean;
}

export type CallbackDeliveryRow = Selectable<CallbackDeliveriesTable>;
export type CallbackAttemptRow = Selectable<CallbackAttemptsTable>;
export type CallbackReceiverMessageRow = Selectable<CallbackReceiverMessagesTable>;

/** How far the chain watcher has confirmed each network (server/chain, docs/decisions/041). */
export interface ChainCursorsTable {
  network: string;
  chain_id: bigint;
  next_block: bigint;
  confirmed_hash: string | null;
  lease_owner: string | null;
  leased_until: Date | null;
  updated_at: Date;
}

/** Token transfers to collection addresses the chain watcher saw (server/chain, docs/decisions/041). */
export interface ChainTransfersTable {
  id: Generated<bigint>;
  network: string;
  block_number: bigint;
  block_hash: string;
  tx_hash: string;
  log_index: number;
  token: string;
  currency_code: string;
  from_address: string;
  to_address: string;
  amount_minor: bigint;
  merchant_code: string;
  account_id: string;
  status: 'SEEN' | 'CONFIRMED' | 'WITHDRAWN';
  seen_at: Date;
  settled_at: Date | null;
}

/** The operator's hot wallet per network and its next nonce (server/chain, docs/decisions/043). */
export interface ChainWalletsTable {
  network: string;
  address: string;
  next_nonce: bigint | null;
  lease_owner: string | null;
  leased_until: Date | null;
  updated_at: Date;
}

/** The transaction paying each live crypto payout or refund (server/chain, docs/decisions/043). */
export interface ChainPayoutsTable {
  kind: 'PAYOUT' | 'REFUND';
  item_id: bigint;
  network: string;
  wallet: string;
  nonce: bigint;
  tx_hash: string;
  raw_tx: string;
  status: 'SENT' | 'CONFIRMED' | 'FAILED' | 'REPLACED';
  block_number: bigint | null;
  sent_at: Date;
  settled_at: Date | null;
}

/** E-mails to customers, an outbox row each (server/mail, docs/decisions/052). */
export interface CustomerEmailsTable {
  id: Generated<bigint>;
  merchant_code: string;
  kind: string;
  payin_id: bigint;
  /** The refund a refund notice tells of; 0 for a payin's own messages. */
  refund_id: ColumnType<bigint, bigint | undefined, bigint>;
  due_at: Date;
  state: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  leased_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  lease_token: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Date;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export type CustomerEmailRow = Selectable<CustomerEmailsTable>;
