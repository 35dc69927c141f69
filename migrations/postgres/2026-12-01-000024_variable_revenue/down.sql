ALTER TABLE frozen_rollups DROP COLUMN variable_revenue;
ALTER TABLE rollups DROP COLUMN variable_revenue;
