DROP TABLE frozen_rollups;
ALTER TABLE contracts DROP COLUMN reported_sequence;
ALTER TABLE contract_invoices DROP COLUMN books_sequence;
ALTER TABLE contract_versions DROP COLUMN books_sequence;
