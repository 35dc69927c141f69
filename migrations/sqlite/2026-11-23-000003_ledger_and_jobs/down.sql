DROP TABLE jobs;
DROP TABLE ledger_accounts;
ALTER TABLE contracts DROP COLUMN convention;
ALTER TABLE contracts DROP COLUMN restatements;
