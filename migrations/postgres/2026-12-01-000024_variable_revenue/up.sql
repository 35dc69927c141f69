-- The part of each rollup row's revenue that variable consideration made: usage and
-- prepaid credits lines whole, other lines their share of the contract's variable
-- components (docs/asc606.md §15, "Variable revenue"). Rows written before this column
-- hold 0 until their contract is next written; a month closed before it keeps the 0 it
-- froze. Keep in step with the other folder.
ALTER TABLE rollups ADD COLUMN variable_revenue BIGINT NOT NULL DEFAULT 0;
ALTER TABLE frozen_rollups ADD COLUMN variable_revenue BIGINT NOT NULL DEFAULT 0;
