DROP INDEX contracts_by_change;
ALTER TABLE contracts DROP COLUMN reported_at;
