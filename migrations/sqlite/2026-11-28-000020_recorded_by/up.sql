-- Who did what (docs/ledger.md, "Who did what"): every fact records the credential that
-- made it (`key:<id>`, `oauth:<client_id>`, `sandbox`, `cli`, `console:<email>`; a
-- restatement, the job's requester). Facts recorded before this migration say `unknown`.
-- Never a secret. Keep in step with the other folder.
ALTER TABLE contract_versions ADD COLUMN recorded_by TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE contract_invoices ADD COLUMN recorded_by TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE jobs ADD COLUMN requested_by TEXT NOT NULL DEFAULT 'unknown';
