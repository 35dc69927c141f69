-- Every text column compares byte by byte (COLLATE "C"), whatever the database's default
-- collation. Two reasons:
-- * the same bytes on both backends: SQLite compares text byte by byte, and so ids,
--   customers and periods sort alike there and here only under "C" (a server created with
--   a language's collation, en-US say, puts `a-1` before `B-1`; SQLite the other way);
-- * speed: a B-tree lookup or `= ANY` over text keys under a language's collation (or
--   under libc's C.UTF-8, which PostgreSQL does not know to be binary) goes through the
--   locale for every comparison; under "C" it is a memcmp (docs/performance.md).
-- Each table is altered once, all its text columns together, so its indexes are rebuilt
-- once. New text columns take COLLATE "C" too (crates/revrec-store-diesel/tests/
-- binary_text.rs fails otherwise): declared so, or by calling the function again. Keep in
-- step with the other folder.
CREATE FUNCTION revrec_collate_text(wanted TEXT) RETURNS VOID
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    altered RECORD;
BEGIN
    FOR altered IN
        SELECT table_name,
               string_agg(format('ALTER COLUMN %I TYPE text COLLATE %I', column_name, wanted),
                          ', ' ORDER BY ordinal_position) AS columns
        FROM information_schema.columns
        WHERE table_schema = current_schema()
          AND data_type = 'text'
          AND table_name <> '__diesel_schema_migrations'
        GROUP BY table_name
        ORDER BY table_name
    LOOP
        EXECUTE format('ALTER TABLE %I %s', altered.table_name, altered.columns);
    END LOOP;
END
$$;

SELECT revrec_collate_text('C');
