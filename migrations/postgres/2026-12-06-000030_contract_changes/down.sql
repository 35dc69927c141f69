ALTER TABLE contracts RESET (fillfactor);
CREATE INDEX contracts_by_change ON contracts (tenant_id, currency, updated_at);
DROP TABLE contract_changes;
