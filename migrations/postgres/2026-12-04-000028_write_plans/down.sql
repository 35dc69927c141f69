CREATE OR REPLACE FUNCTION revrec_shared_books_stamp(tenant TEXT, OUT sequence BIGINT, OUT stripe SMALLINT)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
    PERFORM pg_advisory_xact_lock_shared(606, hashtext(tenant));
    SELECT COALESCE(MAX(events.sequence), 0) INTO sequence
    FROM period_events AS events WHERE events.tenant_id = tenant;
    stripe := CAST(COALESCE(NULLIF(current_setting('revrec.stripe', true), ''), '0') AS SMALLINT);
END
$$;
DROP FUNCTION revrec_analyze_young_books();
DROP FUNCTION revrec_plan_writes();
