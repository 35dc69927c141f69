ALTER TABLE rollups DROP COLUMN invoiced;
ALTER TABLE rollups DROP COLUMN asset_change;
DROP TABLE contract_invoices;
