-- What a write that holds its tenant's books shared does first (docs/ledger.md, Month end;
-- revrec-store-diesel/src/books_lock.rs), in one round trip instead of three: plan the
-- transaction's statements afresh (`plan_cache_mode`), take the tenant's books lock shared
-- (class 606, as `BOOKS_LOCK_CLASS`), then read the latest close's sequence and the
-- connection's stripe. The function is VOLATILE, so its SELECT takes a snapshot of its own
-- once the lock is held and sees a close that committed while the write waited.
-- Keep in step with the other folder.
CREATE FUNCTION revrec_shared_books_stamp(tenant TEXT, OUT sequence BIGINT, OUT stripe SMALLINT)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
    PERFORM pg_advisory_xact_lock_shared(606, hashtext(tenant));
    SELECT COALESCE(MAX(events.sequence), 0) INTO sequence
    FROM period_events AS events WHERE events.tenant_id = tenant;
    stripe := CAST(COALESCE(NULLIF(current_setting('revrec.stripe', true), ''), '0') AS SMALLINT);
END
$$;
