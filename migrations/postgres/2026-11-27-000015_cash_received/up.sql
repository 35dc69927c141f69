-- Cash received (docs/ledger.md). Keep in step with the other folder.
--
-- A payment is a billing fact of the contract like an invoice: stored beside its invoices,
-- stamped and replayed alike, told apart by `kind`. Its reference is its number, unique per
-- contract and kind (a payment may carry the reference of an invoice it settles).
ALTER TABLE contract_invoices ADD COLUMN kind TEXT NOT NULL DEFAULT 'invoice';
DROP INDEX contract_invoices_number;
CREATE UNIQUE INDEX contract_invoices_number
    ON contract_invoices (tenant_id, contract_id, kind, number);

-- Cash received, the change of customer credit (received beyond billed, per contract), and
-- the part of the contract asset's change that revenue made (so a trial balance of the
-- recognition or the billing entries alone reads from the rollups too).
ALTER TABLE rollups ADD COLUMN asset_earned BIGINT NOT NULL DEFAULT 0;
ALTER TABLE rollups ADD COLUMN paid BIGINT NOT NULL DEFAULT 0;
ALTER TABLE rollups ADD COLUMN credit_change BIGINT NOT NULL DEFAULT 0;
ALTER TABLE frozen_rollups ADD COLUMN asset_earned BIGINT NOT NULL DEFAULT 0;
ALTER TABLE frozen_rollups ADD COLUMN paid BIGINT NOT NULL DEFAULT 0;
ALTER TABLE frozen_rollups ADD COLUMN credit_change BIGINT NOT NULL DEFAULT 0;
