ALTER TABLE jobs DROP COLUMN requested_by;
ALTER TABLE contract_invoices DROP COLUMN recorded_by;
ALTER TABLE contract_versions DROP COLUMN recorded_by;
