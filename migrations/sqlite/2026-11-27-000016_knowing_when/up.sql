-- Knowing when (docs/ledger.md, "As of an instant"): as_of reads. Keep in step with the
-- other folder.
--
-- The instant a contract entered the reports (created active, or activated from a draft):
-- before it, an as_of read sees a draft. Contracts already reported are taken to have
-- entered at their creation, the earliest instant the store can vouch for (docs/deploy.md).
ALTER TABLE contracts ADD COLUMN reported_at BIGINT;
UPDATE contracts SET reported_at = created_at WHERE reported_sequence IS NOT NULL;

-- What an as_of read of the portfolio rewinds: the contracts written since that instant,
-- found without reading the others.
CREATE INDEX contracts_by_change ON contracts (tenant_id, currency, updated_at);
