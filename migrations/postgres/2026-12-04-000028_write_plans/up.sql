-- How a write transaction's statements are planned (revrec-store-diesel/src/write_plans.rs).
-- The foreign-key checks of the version and line rows a write inserts run as plans each
-- connection keeps. A plan made while the contracts or their versions were few looks a
-- contract up by scanning the whole table or every contract of the tenant (the planner sees
-- no difference on a few pages), and keeps doing so for every row while the table grows. So
-- a write plans its statements afresh until both tables' statistics say they hold 10,000
-- rows or more; from then on the kept plans are primary-key lookups, and planning every
-- row's check afresh would cost a third of PostgreSQL's time in a bulk load. Keep in step
-- with the other folder.
CREATE FUNCTION revrec_plan_writes() RETURNS VOID
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    IF EXISTS (
        SELECT 1 FROM pg_class
        WHERE oid IN ('contracts'::regclass, 'contract_versions'::regclass)
          AND reltuples < 10000
    ) THEN
        PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
    END IF;
END
$$;

-- Analyzes the contracts or their versions when their statistics still say they are few
-- (or were never taken) and the table has doubled in size since, past a megabyte: a bulk
-- load into a new database would otherwise plan afresh until autovacuum's next round, a
-- minute or so later. The server calls it after folding rollup deltas, that is after
-- writes; each table is analyzed a few times at most before its statistics say large.
CREATE FUNCTION revrec_analyze_young_books() RETURNS VOID
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    young REGCLASS;
BEGIN
    FOR young IN
        SELECT oid::regclass FROM pg_class
        WHERE oid IN ('contracts'::regclass, 'contract_versions'::regclass)
          AND reltuples < 10000
          AND pg_relation_size(oid) >= 2 * current_setting('block_size')::BIGINT * GREATEST(relpages, 64)
          -- Only the owner may analyze: another role would be told so on every call.
          AND pg_has_role(relowner, 'USAGE')
    LOOP
        EXECUTE format('ANALYZE %s', young);
    END LOOP;
END
$$;

CREATE OR REPLACE FUNCTION revrec_shared_books_stamp(tenant TEXT, OUT sequence BIGINT, OUT stripe SMALLINT)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM revrec_plan_writes();
    PERFORM pg_advisory_xact_lock_shared(606, hashtext(tenant));
    SELECT COALESCE(MAX(events.sequence), 0) INTO sequence
    FROM period_events AS events WHERE events.tenant_id = tenant;
    stripe := CAST(COALESCE(NULLIF(current_setting('revrec.stripe', true), ''), '0') AS SMALLINT);
END
$$;
