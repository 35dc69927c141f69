ALTER TABLE contract_versions DROP COLUMN estimate_component_id;
ALTER TABLE contract_versions DROP COLUMN variable_consideration;
