CREATE TABLE ledger_accounts (
    tenant_id  TEXT  NOT NULL,
    role       TEXT  NOT NULL,
    code       TEXT  NOT NULL,
    name       TEXT  NOT NULL,
    PRIMARY KEY (tenant_id, role)
);

INSERT INTO ledger_accounts (tenant_id, role, code, name)
SELECT c.tenant_id, c.role, c.code, c.name FROM chart_versions c
WHERE c.version = (SELECT MAX(l.version) FROM chart_versions l WHERE l.tenant_id = c.tenant_id);

DROP TABLE chart_versions;
