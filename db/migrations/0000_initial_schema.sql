CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"shared_secret_ciphertext" text NOT NULL,
	"role" text DEFAULT 'approver' NOT NULL,
	"rate_limit_per_minute" integer DEFAULT 100 NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "api_keys_role_valid" CHECK ("api_keys"."role" in ('member', 'approver')),
	CONSTRAINT "api_keys_rate_limit_positive" CHECK ("api_keys"."rate_limit_per_minute" > 0)
);
--> statement-breakpoint
CREATE TABLE "used_tokens" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"api_key_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chains" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"native_token" text NOT NULL,
	"token_standard" text NOT NULL,
	"usdt_contract" text NOT NULL,
	"address_format" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chains_status_valid" CHECK ("chains"."status" in ('active', 'disabled')),
	CONSTRAINT "chains_address_format_valid" CHECK ("chains"."address_format" in ('tron', 'evm'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid,
	"type" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"impersonation_session_id" uuid,
	"subject_type" text NOT NULL,
	"subject_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_actor_type_valid" CHECK ("events"."actor_type" in ('api_key', 'user', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"sender_profile_id" uuid,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage" text NOT NULL,
	"storage_key" text,
	"content" "bytea",
	"uploaded_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_org_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "files_org_sender_id_key" UNIQUE("org_id","sender_profile_id","id"),
	CONSTRAINT "files_purpose_valid" CHECK ("files"."purpose" in ('sender_document', 'proof_of_settlement', 'other')),
	CONSTRAINT "files_storage_valid" CHECK ("files"."storage" in ('postgres', 's3')),
	CONSTRAINT "files_size_positive" CHECK ("files"."size_bytes" > 0),
	CONSTRAINT "files_sha256_format" CHECK ("files"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "files_file_name_present" CHECK (btrim("files"."file_name") <> ''),
	CONSTRAINT "files_sender_document_has_sender" CHECK ("files"."purpose" <> 'sender_document' or "files"."sender_profile_id" is not null),
	CONSTRAINT "files_content_matches_storage" CHECK (("files"."storage" = 'postgres' and "files"."content" is not null and "files"."storage_key" is null
          and octet_length("files"."content") = "files"."size_bytes")
        or ("files"."storage" = 's3' and "files"."content" is null and "files"."storage_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"funding_address_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"amount" numeric(30, 6) NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"transaction_hash" text NOT NULL,
	"status" text DEFAULT 'credited' NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0),
	CONSTRAINT "deposits_status_valid" CHECK ("deposits"."status" in ('credited'))
);
--> statement-breakpoint
CREATE TABLE "funding_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid,
	"type" text NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"balance" numeric(30, 6) DEFAULT '0' NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_type_key" UNIQUE NULLS NOT DISTINCT("org_id","type","currency"),
	CONSTRAINT "ledger_accounts_id_currency_key" UNIQUE("id","currency"),
	CONSTRAINT "ledger_accounts_type_valid" CHECK ("ledger_accounts"."type" in ('available', 'held', 'custody_external', 'settlement', 'payout_rail_external')),
	CONSTRAINT "ledger_accounts_no_negative_balance" CHECK ("ledger_accounts"."allow_negative" or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_owner_matches_type" CHECK (("ledger_accounts"."org_id" is null) = ("ledger_accounts"."type" in ('custody_external', 'settlement', 'payout_rail_external')))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(30, 6) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"reference_type" text,
	"reference_id" uuid,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_type_valid" CHECK ("ledger_transactions"."type" in ('deposit', 'batch_hold', 'batch_hold_release', 'settlement_sweep', 'payout_paid', 'payout_returned', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_sent', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"amount" numeric(30, 6) NOT NULL,
	"paid_at" timestamp (3) with time zone NOT NULL,
	"reference" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_repayments_amount_positive" CHECK ("loan_repayments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"principal" numeric(30, 6) NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"interest_rate_percent" numeric(30, 12) NOT NULL,
	"drawn_amount" numeric(30, 6) DEFAULT '0' NOT NULL,
	"repaid_amount" numeric(30, 6) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"starts_on" date NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_org_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "loans_status_valid" CHECK ("loans"."status" in ('PENDING', 'ACTIVE', 'REPAID', 'OVERDUE', 'CANCELLED')),
	CONSTRAINT "loans_currency_format" CHECK ("loans"."currency" ~ '^[A-Z]{3,5}$'),
	CONSTRAINT "loans_principal_positive" CHECK ("loans"."principal" > 0),
	CONSTRAINT "loans_interest_non_negative" CHECK ("loans"."interest_rate_percent" >= 0),
	CONSTRAINT "loans_drawn_within_principal" CHECK ("loans"."drawn_amount" >= 0 and "loans"."drawn_amount" <= "loans"."principal"),
	CONSTRAINT "loans_repaid_non_negative" CHECK ("loans"."repaid_amount" >= 0),
	CONSTRAINT "loans_due_after_start" CHECK ("loans"."due_on" > "loans"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "settlement_proofs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"route_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_routes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"corridor_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"counterparty" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_routes_org_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "settlement_routes_status_valid" CHECK ("settlement_routes"."status" in ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "settlement_routes_name_present" CHECK (btrim("settlement_routes"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "utilization_proofs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"route_id" uuid,
	"amount" numeric(30, 6) NOT NULL,
	"currency" text NOT NULL,
	"reference" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "utilization_proofs_amount_positive" CHECK ("utilization_proofs"."amount" > 0),
	CONSTRAINT "utilization_proofs_currency_format" CHECK ("utilization_proofs"."currency" ~ '^[A-Z]{3,5}$')
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"address" text NOT NULL,
	"label" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_org_chain_id_key" UNIQUE("org_id","chain_id","id"),
	CONSTRAINT "wallets_address_present" CHECK (btrim("wallets"."address") <> '')
);
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"amount" numeric(30, 6) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"idempotency_key" text,
	"requested_by_user_id" uuid,
	"requested_by_api_key_id" uuid,
	"hold_transaction_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_requests_org_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "withdrawal_requests_status_valid" CHECK ("withdrawal_requests"."status" in ('pending', 'submitted', 'rejected')),
	CONSTRAINT "withdrawal_requests_amount_positive" CHECK ("withdrawal_requests"."amount" > 0),
	CONSTRAINT "withdrawal_requests_reason_iff_rejected" CHECK (("withdrawal_requests"."rejection_reason" is not null) = ("withdrawal_requests"."status" = 'rejected')),
	CONSTRAINT "withdrawal_requests_one_requester" CHECK (num_nonnulls("withdrawal_requests"."requested_by_user_id", "withdrawal_requests"."requested_by_api_key_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"withdrawal_request_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"amount" numeric(30, 6) NOT NULL,
	"wallet_address" text NOT NULL,
	"transaction_hash" text,
	"custody_transaction_id" text,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"sub_status" text DEFAULT 'awaiting_approval' NOT NULL,
	"failure_reason" text,
	"outcome_transaction_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status_valid" CHECK ("withdrawals"."status" in ('SUBMITTED', 'PROCESSING', 'COMPLETED', 'FAILED')),
	CONSTRAINT "withdrawals_sub_status_matches_status" CHECK (("withdrawals"."status", "withdrawals"."sub_status") in (('SUBMITTED', 'awaiting_approval'), ('PROCESSING', 'signing'), ('PROCESSING', 'broadcasting'), ('PROCESSING', 'confirming'), ('COMPLETED', 'confirmed'), ('FAILED', 'rejected'), ('FAILED', 'broadcast_failed'), ('FAILED', 'reverted'))),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_failure_reason_iff_failed" CHECK (("withdrawals"."failure_reason" is not null) = ("withdrawals"."status" = 'FAILED')),
	CONSTRAINT "withdrawals_completed_has_transaction" CHECK ("withdrawals"."status" <> 'COMPLETED' or ("withdrawals"."transaction_hash" is not null and "withdrawals"."custody_transaction_id" is not null)),
	CONSTRAINT "withdrawals_outcome_iff_final" CHECK (("withdrawals"."outcome_transaction_id" is not null) = ("withdrawals"."status" in ('COMPLETED', 'FAILED')))
);
--> statement-breakpoint
CREATE TABLE "organization_entitlements" (
	"org_id" uuid NOT NULL,
	"entitlement" text NOT NULL,
	"granted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_entitlements_org_id_entitlement_pk" PRIMARY KEY("org_id","entitlement"),
	CONSTRAINT "organization_entitlements_valid" CHECK ("organization_entitlements"."entitlement" in ('payouts', 'liquidity_management', 'liquidity_utilization'))
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"country" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_status_valid" CHECK ("organizations"."status" in ('active', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "order_files" (
	"order_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"sender_profile_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_files_pkey" PRIMARY KEY("order_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "order_quotes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"corridor_id" uuid NOT NULL,
	"fx_rate_id" uuid NOT NULL,
	"units_per_usdt" numeric(30, 12) NOT NULL,
	"margin_bps" numeric(10, 4) NOT NULL,
	"fee_total" numeric(30, 6) NOT NULL,
	"fee_client_share" numeric(30, 6) NOT NULL,
	"fee_beneficiary_share" numeric(30, 6) NOT NULL,
	"source_amount_before_rounding" numeric(30, 12) NOT NULL,
	"quoted_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "order_quotes_rate_positive" CHECK ("order_quotes"."units_per_usdt" > 0),
	CONSTRAINT "order_quotes_margin_range" CHECK ("order_quotes"."margin_bps" >= 0 and "order_quotes"."margin_bps" < 10000),
	CONSTRAINT "order_quotes_fee_parts_valid" CHECK ("order_quotes"."fee_client_share" >= 0 and "order_quotes"."fee_beneficiary_share" >= 0
        and "order_quotes"."fee_client_share" + "order_quotes"."fee_beneficiary_share" = "order_quotes"."fee_total"),
	CONSTRAINT "order_quotes_source_positive" CHECK ("order_quotes"."source_amount_before_rounding" > 0),
	CONSTRAINT "order_quotes_expires_after_quoted" CHECK ("order_quotes"."expires_at" > "order_quotes"."quoted_at")
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"status" text DEFAULT 'AWAITING_CONFIRMATION' NOT NULL,
	"total_count" integer NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"client_reference" text,
	"total_source_amount" numeric(30, 6) NOT NULL,
	"quote_expires_at" timestamp (3) with time zone NOT NULL,
	"draft_expires_at" timestamp (3) with time zone NOT NULL,
	"created_by_user_id" uuid,
	"created_by_api_key_id" uuid,
	"confirmed_at" timestamp (3) with time zone,
	"confirmed_by_user_id" uuid,
	"confirmed_by_api_key_id" uuid,
	"hold_transaction_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batches_org_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "payout_batches_status_valid" CHECK ("payout_batches"."status" in ('AWAITING_CONFIRMATION', 'IN_PROGRESS', 'COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED', 'CANCELLED_EXPIRED')),
	CONSTRAINT "payout_batches_total_source_positive" CHECK ("payout_batches"."total_source_amount" > 0),
	CONSTRAINT "payout_batches_counts_valid" CHECK ("payout_batches"."total_count" >= 1 and "payout_batches"."completed_count" >= 0 and "payout_batches"."failed_count" >= 0
        and "payout_batches"."completed_count" + "payout_batches"."failed_count" <= "payout_batches"."total_count"),
	CONSTRAINT "payout_batches_one_creator" CHECK (num_nonnulls("payout_batches"."created_by_user_id", "payout_batches"."created_by_api_key_id") = 1),
	CONSTRAINT "payout_batches_confirmer_iff_confirmed" CHECK (num_nonnulls("payout_batches"."confirmed_by_user_id", "payout_batches"."confirmed_by_api_key_id") = (case when "payout_batches"."confirmed_at" is null then 0 else 1 end)),
	CONSTRAINT "payout_batches_hold_iff_confirmed" CHECK (("payout_batches"."hold_transaction_id" is null) = ("payout_batches"."confirmed_at" is null)),
	CONSTRAINT "payout_batches_quote_before_draft_expiry" CHECK ("payout_batches"."quote_expires_at" <= "payout_batches"."draft_expires_at"),
	CONSTRAINT "payout_batches_status_matches_counts" CHECK (case "payout_batches"."status"
        when 'AWAITING_CONFIRMATION' then "payout_batches"."confirmed_at" is null and "payout_batches"."completed_count" = 0 and "payout_batches"."failed_count" = 0
        when 'CANCELLED_EXPIRED' then "payout_batches"."confirmed_at" is null and "payout_batches"."completed_count" = 0 and "payout_batches"."failed_count" = "payout_batches"."total_count"
        when 'IN_PROGRESS' then "payout_batches"."confirmed_at" is not null and "payout_batches"."completed_count" + "payout_batches"."failed_count" < "payout_batches"."total_count"
        when 'COMPLETED' then "payout_batches"."confirmed_at" is not null and "payout_batches"."completed_count" = "payout_batches"."total_count"
        when 'PARTIALLY_COMPLETED' then "payout_batches"."confirmed_at" is not null and "payout_batches"."completed_count" > 0 and "payout_batches"."failed_count" > 0
          and "payout_batches"."completed_count" + "payout_batches"."failed_count" = "payout_batches"."total_count"
        when 'FAILED' then "payout_batches"."confirmed_at" is not null and "payout_batches"."completed_count" = 0 and "payout_batches"."failed_count" = "payout_batches"."total_count"
        else false end)
);
--> statement-breakpoint
CREATE TABLE "payout_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"sender_profile_id" uuid NOT NULL,
	"beneficiary_profile_id" uuid NOT NULL,
	"fee_type" text NOT NULL,
	"purpose_code" text NOT NULL,
	"beneficiary_amount" numeric(30, 6) NOT NULL,
	"beneficiary_currency" text NOT NULL,
	"fee_amount" numeric(30, 6),
	"source_currency" text DEFAULT 'USDT' NOT NULL,
	"source_amount" numeric(30, 6),
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"failure_message" text,
	"expires_at" timestamp (3) with time zone,
	"client_reference" text,
	"rail_reference" text,
	"parties" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_orders_org_sender_id_key" UNIQUE("org_id","sender_profile_id","id"),
	CONSTRAINT "payout_orders_status_valid" CHECK ("payout_orders"."status" in ('DRAFT', 'AWAITING_DEPOSIT', 'DEPOSIT_RECEIVED', 'PAYING_BENEFICIARY', 'COMPLETED', 'FAILED', 'CANCELLED_EXPIRED')),
	CONSTRAINT "payout_orders_fee_type_valid" CHECK ("payout_orders"."fee_type" in ('OUR', 'SHA')),
	CONSTRAINT "payout_orders_purpose_code_valid" CHECK ("payout_orders"."purpose_code" in ('SNTR', 'GDSP', 'LGST', 'ADVT', 'TECH', 'CLUD', 'RENT', 'UTIL', 'LAWF', 'ACCT', 'CONS', 'SPON', 'INVT')),
	CONSTRAINT "payout_orders_line_number_positive" CHECK ("payout_orders"."line_number" >= 1),
	CONSTRAINT "payout_orders_source_currency_usdt" CHECK ("payout_orders"."source_currency" = 'USDT'),
	CONSTRAINT "payout_orders_beneficiary_currency_format" CHECK ("payout_orders"."beneficiary_currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payout_orders_beneficiary_amount_positive" CHECK ("payout_orders"."beneficiary_amount" > 0),
	CONSTRAINT "payout_orders_fee_amount_non_negative" CHECK ("payout_orders"."fee_amount" >= 0),
	CONSTRAINT "payout_orders_source_amount_positive" CHECK ("payout_orders"."source_amount" > 0),
	CONSTRAINT "payout_orders_quoted_together" CHECK (("payout_orders"."fee_amount" is null) = ("payout_orders"."source_amount" is null)),
	CONSTRAINT "payout_orders_confirmed_is_quoted" CHECK ("payout_orders"."status" in ('DRAFT', 'CANCELLED_EXPIRED') or "payout_orders"."source_amount" is not null),
	CONSTRAINT "payout_orders_failure_message_iff_failed" CHECK (("payout_orders"."failure_message" is not null) = ("payout_orders"."status" = 'FAILED')),
	CONSTRAINT "payout_orders_draft_has_no_deadline" CHECK ("payout_orders"."status" <> 'DRAFT' or "payout_orders"."expires_at" is null),
	CONSTRAINT "payout_orders_confirmed_has_deadline" CHECK ("payout_orders"."status" not in ('AWAITING_DEPOSIT', 'DEPOSIT_RECEIVED', 'PAYING_BENEFICIARY', 'COMPLETED')
        or "payout_orders"."expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "idempotency_records_state_valid" CHECK ("idempotency_records"."state" in ('in_progress', 'completed')),
	CONSTRAINT "idempotency_records_key_length" CHECK (char_length("idempotency_records"."key") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_window_start_pk" PRIMARY KEY("bucket","window_start")
);
--> statement-breakpoint
CREATE TABLE "beneficiary_profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"sender_profile_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"postal_code" text,
	"region" text,
	"contact_email" text,
	"currency" text NOT NULL,
	"bank_name" text,
	"bank_country" text,
	"iban" text,
	"swift_bic" text,
	"account_number" text,
	"routing_code" text,
	"routing_code_type" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp (3) with time zone,
	"reviewed_at" timestamp (3) with time zone,
	"reviewed_by_user_id" uuid,
	"review_source" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiary_profiles_org_sender_id_key" UNIQUE("org_id","sender_profile_id","id"),
	CONSTRAINT "beneficiary_profiles_type_valid" CHECK ("beneficiary_profiles"."type" in ('company', 'individual')),
	CONSTRAINT "beneficiary_profiles_routing_code_type_valid" CHECK ("beneficiary_profiles"."routing_code_type" in ('aba', 'sort_code', 'ifsc', 'clabe', 'bsb', 'transit', 'other')),
	CONSTRAINT "beneficiary_profiles_name_present" CHECK (btrim("beneficiary_profiles"."name") <> ''),
	CONSTRAINT "beneficiary_profiles_country_format" CHECK ("beneficiary_profiles"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "beneficiary_profiles_bank_country_format" CHECK ("beneficiary_profiles"."bank_country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "beneficiary_profiles_currency_format" CHECK ("beneficiary_profiles"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "beneficiary_profiles_iban_format" CHECK ("beneficiary_profiles"."iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
	CONSTRAINT "beneficiary_profiles_swift_bic_format" CHECK ("beneficiary_profiles"."swift_bic" ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
	CONSTRAINT "beneficiary_profiles_routing_code_typed" CHECK (("beneficiary_profiles"."routing_code" is null) = ("beneficiary_profiles"."routing_code_type" is null)),
	CONSTRAINT "beneficiary_profiles_account_when_submitted" CHECK ("beneficiary_profiles"."status" = 'draft' or "beneficiary_profiles"."iban" is not null or "beneficiary_profiles"."account_number" is not null),
	CONSTRAINT "beneficiary_profiles_status_valid" CHECK ("beneficiary_profiles"."status" in ('draft', 'in_review', 'ready', 'rejected')),
	CONSTRAINT "beneficiary_profiles_review_source_valid" CHECK ("beneficiary_profiles"."review_source" in ('sandbox_adapter', 'staff')),
	CONSTRAINT "beneficiary_profiles_rejection_reason_iff_rejected" CHECK (("beneficiary_profiles"."rejection_reason" is not null) = ("beneficiary_profiles"."status" = 'rejected')),
	CONSTRAINT "beneficiary_profiles_submitted_when_not_draft" CHECK ("beneficiary_profiles"."status" = 'draft' or "beneficiary_profiles"."submitted_at" is not null),
	CONSTRAINT "beneficiary_profiles_decision_recorded" CHECK ("beneficiary_profiles"."status" not in ('ready', 'rejected') or ("beneficiary_profiles"."reviewed_at" is not null and "beneficiary_profiles"."review_source" is not null)),
	CONSTRAINT "beneficiary_profiles_staff_reviewer_named" CHECK ("beneficiary_profiles"."review_source" is distinct from 'staff' or "beneficiary_profiles"."reviewed_by_user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "sender_profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"type" text NOT NULL,
	"legal_name" text NOT NULL,
	"registration_number" text,
	"id_document_type" text,
	"id_document_number" text,
	"date_of_birth" date,
	"country" text NOT NULL,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"postal_code" text,
	"region" text,
	"contact_email" text,
	"contact_phone" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp (3) with time zone,
	"reviewed_at" timestamp (3) with time zone,
	"reviewed_by_user_id" uuid,
	"review_source" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_profiles_org_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "sender_profiles_type_valid" CHECK ("sender_profiles"."type" in ('company', 'individual')),
	CONSTRAINT "sender_profiles_id_document_type_valid" CHECK ("sender_profiles"."id_document_type" in ('passport', 'national_id', 'driving_licence', 'residence_permit')),
	CONSTRAINT "sender_profiles_country_format" CHECK ("sender_profiles"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "sender_profiles_legal_name_present" CHECK (btrim("sender_profiles"."legal_name") <> ''),
	CONSTRAINT "sender_profiles_identifier_when_submitted" CHECK ("sender_profiles"."status" = 'draft'
        or ("sender_profiles"."type" = 'company' and "sender_profiles"."registration_number" is not null)
        or ("sender_profiles"."type" = 'individual' and "sender_profiles"."id_document_type" is not null and "sender_profiles"."id_document_number" is not null)),
	CONSTRAINT "sender_profiles_status_valid" CHECK ("sender_profiles"."status" in ('draft', 'in_review', 'ready', 'rejected')),
	CONSTRAINT "sender_profiles_review_source_valid" CHECK ("sender_profiles"."review_source" in ('sandbox_adapter', 'staff')),
	CONSTRAINT "sender_profiles_rejection_reason_iff_rejected" CHECK (("sender_profiles"."rejection_reason" is not null) = ("sender_profiles"."status" = 'rejected')),
	CONSTRAINT "sender_profiles_submitted_when_not_draft" CHECK ("sender_profiles"."status" = 'draft' or "sender_profiles"."submitted_at" is not null),
	CONSTRAINT "sender_profiles_decision_recorded" CHECK ("sender_profiles"."status" not in ('ready', 'rejected') or ("sender_profiles"."reviewed_at" is not null and "sender_profiles"."review_source" is not null)),
	CONSTRAINT "sender_profiles_staff_reviewer_named" CHECK ("sender_profiles"."review_source" is distinct from 'staff' or "sender_profiles"."reviewed_by_user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "corridors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"min_amount" numeric(30, 6) NOT NULL,
	"max_amount" numeric(30, 6) NOT NULL,
	"our_fee_fixed" numeric(30, 6) DEFAULT '0' NOT NULL,
	"our_fee_percent" numeric(30, 12) DEFAULT '0' NOT NULL,
	"sha_fee_fixed" numeric(30, 6) DEFAULT '0' NOT NULL,
	"sha_fee_percent" numeric(30, 12) DEFAULT '0' NOT NULL,
	"sha_sender_share" numeric(30, 12) DEFAULT '0.5' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corridors_status_valid" CHECK ("corridors"."status" in ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "corridors_currency_format" CHECK ("corridors"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "corridors_name_present" CHECK (btrim("corridors"."name") <> ''),
	CONSTRAINT "corridors_min_positive" CHECK ("corridors"."min_amount" > 0),
	CONSTRAINT "corridors_min_le_max" CHECK ("corridors"."min_amount" <= "corridors"."max_amount"),
	CONSTRAINT "corridors_fees_non_negative" CHECK ("corridors"."our_fee_fixed" >= 0 and "corridors"."sha_fee_fixed" >= 0 and "corridors"."our_fee_percent" >= 0 and "corridors"."sha_fee_percent" >= 0),
	CONSTRAINT "corridors_fee_percent_below_100" CHECK ("corridors"."our_fee_percent" < 100 and "corridors"."sha_fee_percent" < 100),
	CONSTRAINT "corridors_sha_share_fraction" CHECK ("corridors"."sha_sender_share" between 0 and 1),
	CONSTRAINT "corridors_our_fixed_covers_sha" CHECK ("corridors"."our_fee_fixed" >= "corridors"."sha_fee_fixed" * "corridors"."sha_sender_share"),
	CONSTRAINT "corridors_our_percent_covers_sha" CHECK ("corridors"."our_fee_percent" >= "corridors"."sha_fee_percent" * "corridors"."sha_sender_share")
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"units_per_usdt" numeric(30, 12) NOT NULL,
	"source" text NOT NULL,
	"effective_at" timestamp (3) with time zone NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_format" CHECK ("fx_rates"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "fx_rates_rate_positive" CHECK ("fx_rates"."units_per_usdt" > 0)
);
--> statement-breakpoint
CREATE TABLE "organization_margins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"currency" text,
	"margin_bps" numeric(10, 4) NOT NULL,
	"updated_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_margins_org_currency_key" UNIQUE NULLS NOT DISTINCT("org_id","currency"),
	CONSTRAINT "organization_margins_currency_format" CHECK ("organization_margins"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "organization_margins_bps_range" CHECK ("organization_margins"."margin_bps" >= 0 and "organization_margins"."margin_bps" < 10000)
);
--> statement-breakpoint
CREATE TABLE "impersonation_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"user_session_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"active_org_id" uuid,
	"user_agent" text,
	"ip_address" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" uuid,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_role_valid" CHECK ("invitations"."role" in ('member', 'approver', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_role_valid" CHECK ("memberships"."role" in ('member', 'approver', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"staff_role" text,
	"disabled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_staff_role_valid" CHECK ("users"."staff_role" in ('support', 'support_lead')),
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"last_attempt_at" timestamp (3) with time zone,
	"last_response_status" integer,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_valid" CHECK ("webhook_deliveries"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "webhook_deliveries_attempts_non_negative" CHECK ("webhook_deliveries"."attempts" >= 0),
	CONSTRAINT "webhook_deliveries_response_status_range" CHECK ("webhook_deliveries"."last_response_status" between 100 and 599),
	CONSTRAINT "webhook_deliveries_succeeded_was_2xx" CHECK ("webhook_deliveries"."status" <> 'succeeded' or coalesce("webhook_deliveries"."last_response_status" between 200 and 299, false))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"signing_secret_encrypted" text NOT NULL,
	"event_types" text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_org_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "webhook_endpoints_status_valid" CHECK ("webhook_endpoints"."status" in ('active', 'disabled')),
	CONSTRAINT "webhook_endpoints_url_http" CHECK ("webhook_endpoints"."url" ~ '^https?://'),
	CONSTRAINT "webhook_endpoints_event_types_present" CHECK (cardinality("webhook_endpoints"."event_types") > 0)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_tokens" ADD CONSTRAINT "used_tokens_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_sender_fk" FOREIGN KEY ("org_id","sender_profile_id") REFERENCES "public"."sender_profiles"("org_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_funding_address_id_funding_addresses_id_fk" FOREIGN KEY ("funding_address_id") REFERENCES "public"."funding_addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_addresses" ADD CONSTRAINT "funding_addresses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_addresses" ADD CONSTRAINT "funding_addresses_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_currency_fk" FOREIGN KEY ("account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_fk" FOREIGN KEY ("org_id","loan_id") REFERENCES "public"."loans"("org_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_proofs" ADD CONSTRAINT "settlement_proofs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_proofs" ADD CONSTRAINT "settlement_proofs_route_fk" FOREIGN KEY ("org_id","route_id") REFERENCES "public"."settlement_routes"("org_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_proofs" ADD CONSTRAINT "settlement_proofs_file_fk" FOREIGN KEY ("org_id","file_id") REFERENCES "public"."files"("org_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_routes" ADD CONSTRAINT "settlement_routes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_routes" ADD CONSTRAINT "settlement_routes_corridor_id_corridors_id_fk" FOREIGN KEY ("corridor_id") REFERENCES "public"."corridors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_routes" ADD CONSTRAINT "settlement_routes_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilization_proofs" ADD CONSTRAINT "utilization_proofs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilization_proofs" ADD CONSTRAINT "utilization_proofs_route_fk" FOREIGN KEY ("org_id","route_id") REFERENCES "public"."settlement_routes"("org_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_requested_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("requested_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_hold_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("hold_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_wallet_fk" FOREIGN KEY ("org_id","chain_id","wallet_id") REFERENCES "public"."wallets"("org_id","chain_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_outcome_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("outcome_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_request_fk" FOREIGN KEY ("org_id","withdrawal_request_id") REFERENCES "public"."withdrawal_requests"("org_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_fk" FOREIGN KEY ("org_id","chain_id","wallet_id") REFERENCES "public"."wallets"("org_id","chain_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_entitlements" ADD CONSTRAINT "organization_entitlements_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_order_fk" FOREIGN KEY ("org_id","sender_profile_id","order_id") REFERENCES "public"."payout_orders"("org_id","sender_profile_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_file_fk" FOREIGN KEY ("org_id","sender_profile_id","file_id") REFERENCES "public"."files"("org_id","sender_profile_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD CONSTRAINT "order_quotes_order_id_payout_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payout_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD CONSTRAINT "order_quotes_corridor_id_corridors_id_fk" FOREIGN KEY ("corridor_id") REFERENCES "public"."corridors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_quotes" ADD CONSTRAINT "order_quotes_fx_rate_id_fx_rates_id_fk" FOREIGN KEY ("fx_rate_id") REFERENCES "public"."fx_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_confirmed_by_api_key_id_api_keys_id_fk" FOREIGN KEY ("confirmed_by_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_hold_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("hold_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD CONSTRAINT "payout_orders_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD CONSTRAINT "payout_orders_batch_fk" FOREIGN KEY ("org_id","batch_id") REFERENCES "public"."payout_batches"("org_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_orders" ADD CONSTRAINT "payout_orders_beneficiary_fk" FOREIGN KEY ("org_id","sender_profile_id","beneficiary_profile_id") REFERENCES "public"."beneficiary_profiles"("org_id","sender_profile_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_profiles" ADD CONSTRAINT "beneficiary_profiles_sender_fk" FOREIGN KEY ("org_id","sender_profile_id") REFERENCES "public"."sender_profiles"("org_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD CONSTRAINT "sender_profiles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_profiles" ADD CONSTRAINT "sender_profiles_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_margins" ADD CONSTRAINT "organization_margins_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_margins" ADD CONSTRAINT "organization_margins_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_sessions" ADD CONSTRAINT "impersonation_sessions_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_sessions" ADD CONSTRAINT "impersonation_sessions_user_session_id_user_sessions_id_fk" FOREIGN KEY ("user_session_id") REFERENCES "public"."user_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_sessions" ADD CONSTRAINT "impersonation_sessions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_active_org_id_organizations_id_fk" FOREIGN KEY ("active_org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_fk" FOREIGN KEY ("org_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_org_created_idx" ON "api_keys" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "used_tokens_expires_idx" ON "used_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chains_code_key" ON "chains" USING btree ("code");--> statement-breakpoint
CREATE INDEX "events_org_created_idx" ON "events" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject_type","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "events_type_created_idx" ON "events" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "files_org_created_idx" ON "files" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "files_org_sender_created_idx" ON "files" USING btree ("org_id","sender_profile_id","created_at","id") WHERE "files"."sender_profile_id" is not null;--> statement-breakpoint
CREATE INDEX "deposits_org_created_idx" ON "deposits" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_tx_key" ON "deposits" USING btree ("chain_id","transaction_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_addresses_org_chain_key" ON "funding_addresses" USING btree ("org_id","chain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_addresses_chain_address_key" ON "funding_addresses" USING btree ("chain_id","address");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_org_created_idx" ON "ledger_transactions" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_org_type_created_idx" ON "ledger_transactions" USING btree ("org_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_reference_idx" ON "ledger_transactions" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE INDEX "loan_repayments_org_created_idx" ON "loan_repayments" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "loan_repayments_org_loan_created_idx" ON "loan_repayments" USING btree ("org_id","loan_id","created_at","id");--> statement-breakpoint
CREATE INDEX "loans_org_created_idx" ON "loans" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "loans_org_status_created_idx" ON "loans" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_proofs_file_key" ON "settlement_proofs" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "settlement_proofs_route_recorded_idx" ON "settlement_proofs" USING btree ("route_id","recorded_at","id");--> statement-breakpoint
CREATE INDEX "settlement_proofs_org_created_idx" ON "settlement_proofs" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "settlement_routes_org_created_idx" ON "settlement_routes" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "settlement_routes_org_status_created_idx" ON "settlement_routes" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "utilization_proofs_org_created_idx" ON "utilization_proofs" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_org_chain_address_key" ON "wallets" USING btree ("org_id","chain_id","address");--> statement-breakpoint
CREATE INDEX "wallets_org_created_idx" ON "wallets" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_requests_org_idempotency_key" ON "withdrawal_requests" USING btree ("org_id","idempotency_key") WHERE "withdrawal_requests"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "withdrawal_requests_org_created_idx" ON "withdrawal_requests" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request_key" ON "withdrawals" USING btree ("withdrawal_request_id");--> statement-breakpoint
CREATE INDEX "withdrawals_org_created_idx" ON "withdrawals" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_org_status_created_idx" ON "withdrawals" USING btree ("org_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_org_chain_created_idx" ON "withdrawals" USING btree ("org_id","chain_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_custody_transaction_key" ON "withdrawals" USING btree ("custody_transaction_id") WHERE "withdrawals"."custody_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_in_flight_idx" ON "withdrawals" USING btree ("updated_at") WHERE "withdrawals"."status" in ('SUBMITTED', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name");--> statement-breakpoint
CREATE INDEX "order_files_file_idx" ON "order_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "order_quotes_corridor_idx" ON "order_quotes" USING btree ("corridor_id");--> statement-breakpoint
CREATE INDEX "payout_batches_org_created_idx" ON "payout_batches" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payout_batches_org_status_created_idx" ON "payout_batches" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payout_batches_org_client_reference_idx" ON "payout_batches" USING btree ("org_id","client_reference") WHERE "payout_batches"."client_reference" is not null;--> statement-breakpoint
CREATE INDEX "payout_batches_draft_expiry_idx" ON "payout_batches" USING btree ("draft_expires_at") WHERE "payout_batches"."status" = 'AWAITING_CONFIRMATION';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_orders_batch_line_key" ON "payout_orders" USING btree ("batch_id","line_number");--> statement-breakpoint
CREATE INDEX "payout_orders_org_created_idx" ON "payout_orders" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payout_orders_org_status_created_idx" ON "payout_orders" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payout_orders_awaiting_deposit_expiry_idx" ON "payout_orders" USING btree ("expires_at") WHERE "payout_orders"."status" = 'AWAITING_DEPOSIT';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_orders_rail_reference_key" ON "payout_orders" USING btree ("rail_reference") WHERE "payout_orders"."rail_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_records_scope_key" ON "idempotency_records" USING btree ("org_id","operation","key");--> statement-breakpoint
CREATE INDEX "idempotency_records_expires_idx" ON "idempotency_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "beneficiary_profiles_org_created_idx" ON "beneficiary_profiles" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "beneficiary_profiles_org_status_created_idx" ON "beneficiary_profiles" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "beneficiary_profiles_org_sender_created_idx" ON "beneficiary_profiles" USING btree ("org_id","sender_profile_id","created_at","id");--> statement-breakpoint
CREATE INDEX "beneficiary_profiles_review_queue_idx" ON "beneficiary_profiles" USING btree ("submitted_at","id") WHERE "beneficiary_profiles"."status" = 'in_review';--> statement-breakpoint
CREATE INDEX "sender_profiles_org_created_idx" ON "sender_profiles" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sender_profiles_org_status_created_idx" ON "sender_profiles" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "sender_profiles_review_queue_idx" ON "sender_profiles" USING btree ("submitted_at","id") WHERE "sender_profiles"."status" = 'in_review';--> statement-breakpoint
CREATE UNIQUE INDEX "corridors_active_currency_key" ON "corridors" USING btree ("currency") WHERE "corridors"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "corridors_created_idx" ON "corridors" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "corridors_status_created_idx" ON "corridors" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "corridors_currency_idx" ON "corridors" USING btree ("currency");--> statement-breakpoint
CREATE UNIQUE INDEX "fx_rates_currency_effective_key" ON "fx_rates" USING btree ("currency","effective_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "impersonation_sessions_org_idx" ON "impersonation_sessions" USING btree ("org_id","started_at","id");--> statement-breakpoint
CREATE INDEX "impersonation_sessions_session_idx" ON "impersonation_sessions" USING btree ("user_session_id");--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_org_created_idx" ON "invitations" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_org_user_key" ON "memberships" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_staff_idx" ON "users" USING btree ("staff_role");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_key" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_org_created_idx" ON "webhook_deliveries" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_endpoints_org_created_idx" ON "webhook_endpoints" USING btree ("org_id","created_at","id");