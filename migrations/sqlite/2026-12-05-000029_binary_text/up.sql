-- PostgreSQL's folder makes every text column compare byte by byte (COLLATE "C"). SQLite's
-- text already does (its BINARY collation is the default): nothing to change. Keep in step
-- with the other folder.
SELECT 1;
