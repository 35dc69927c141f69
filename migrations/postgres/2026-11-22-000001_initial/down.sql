DROP TABLE rollups;
DROP TABLE contract_lines;
DROP TABLE contract_versions;
DROP TABLE contracts;
DROP TABLE api_keys;
