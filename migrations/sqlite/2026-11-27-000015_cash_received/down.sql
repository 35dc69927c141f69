ALTER TABLE frozen_rollups DROP COLUMN credit_change;
ALTER TABLE frozen_rollups DROP COLUMN paid;
ALTER TABLE frozen_rollups DROP COLUMN asset_earned;
ALTER TABLE rollups DROP COLUMN credit_change;
ALTER TABLE rollups DROP COLUMN paid;
ALTER TABLE rollups DROP COLUMN asset_earned;
DROP INDEX contract_invoices_number;
ALTER TABLE contract_invoices DROP COLUMN kind;
CREATE UNIQUE INDEX contract_invoices_number
    ON contract_invoices (tenant_id, contract_id, number);
