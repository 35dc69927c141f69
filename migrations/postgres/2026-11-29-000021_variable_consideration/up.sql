-- Variable consideration (docs/asc606.md §15): a version's components, one per line, in
-- the encoding of `variable_rows.rs` (NULL: none), and the component an estimate version
-- reassessed. Keep in step with the other folder.
ALTER TABLE contract_versions ADD COLUMN variable_consideration TEXT;
ALTER TABLE contract_versions ADD COLUMN estimate_component_id TEXT;
