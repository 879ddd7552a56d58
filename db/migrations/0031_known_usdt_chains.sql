-- Custom SQL migration file, put your code below! --
-- The USDT chains are reference data every deployment has (production has no other way to create one; the sandbox's
-- ensureSandboxChains finds them and adds nothing). Which ones a provider offers is its custodian's: operations enter
-- deposit addresses only on the chains it holds. Same rows as lib/platform/chains/sandbox-chains.ts.
INSERT INTO "chains" ("id", "code", "name", "native_token", "token_standard", "usdt_contract", "address_format", "min_withdrawal_amount")
VALUES
  (gen_random_uuid(), 'tron', 'TRON', 'TRX', 'TRC-20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tron', 1),
  (gen_random_uuid(), 'ethereum', 'Ethereum', 'ETH', 'ERC-20', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'evm', 1)
ON CONFLICT ("code") DO NOTHING;
