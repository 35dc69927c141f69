-- Events that satisfy obligations (docs/asc606.md §11): a version may record a fulfillment
-- or a progress report of one obligation instead of a change of terms.
ALTER TABLE contract_versions ADD COLUMN event_obligation_id TEXT;
-- A progress report's cumulative percent complete, in ten-thousandths of a percent.
ALTER TABLE contract_versions ADD COLUMN percent_complete INTEGER;
