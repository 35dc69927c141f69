ALTER TABLE contract_versions DROP COLUMN percent_complete;
ALTER TABLE contract_versions DROP COLUMN event_obligation_id;
