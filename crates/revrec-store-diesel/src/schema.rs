//! The tables, in the types both backends share (MultiConnection's common subset).
//! Checked against both migrated databases by `tests/schema_parity.rs`.

diesel::table! {
    api_keys (tenant_id, id) {
        tenant_id -> Text,
        id -> Text,
        name -> Text,
        prefix -> Text,
        digest -> Text,
        scopes -> Text,
        plan -> Text,
        created_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
        last_used_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    contracts (tenant_id, id) {
        tenant_id -> Text,
        id -> Text,
        customer_id -> Text,
        customer_name -> Text,
        contract_number -> Nullable<Text>,
        currency -> Text,
        status -> Text,
        version -> Integer,
        start_date -> Date,
        end_date -> Date,
        total_value -> BigInt,
        terminated_on -> Nullable<Date>,
        parent_contract_id -> Nullable<Text>,
        search_text -> Text,
        revision -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        restatements -> Integer,
        convention -> Nullable<Text>,
        reported_sequence -> Nullable<BigInt>,
        reported_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    contract_changes (tenant_id, currency, changed_at, contract_id, revision) {
        tenant_id -> Text,
        currency -> Text,
        changed_at -> BigInt,
        contract_id -> Text,
        revision -> BigInt,
    }
}

diesel::table! {
    contract_versions (tenant_id, contract_id, version) {
        tenant_id -> Text,
        contract_id -> Text,
        version -> Integer,
        change -> Text,
        effective_date -> Nullable<Date>,
        customer_name -> Text,
        currency -> Text,
        start_date -> Date,
        end_date -> Date,
        signed_date -> Date,
        transaction_price -> BigInt,
        convention -> Text,
        recorded_at -> BigInt,
        event_obligation_id -> Nullable<Text>,
        percent_complete -> Nullable<Integer>,
        books_sequence -> BigInt,
        recorded_by -> Text,
        variable_consideration -> Nullable<Text>,
        estimate_component_id -> Nullable<Text>,
    }
}

diesel::table! {
    contract_lines (tenant_id, contract_id, version, line_number) {
        tenant_id -> Text,
        contract_id -> Text,
        version -> Integer,
        line_number -> Integer,
        obligation_id -> Text,
        name -> Text,
        pob_type -> Text,
        stated_price -> Nullable<BigInt>,
        ssp_micros -> BigInt,
        recognition -> Text,
        first_day -> Date,
        last_day -> Date,
        consumption -> Nullable<Text>,
    }
}

diesel::table! {
    rollups (tenant_id, currency, period, pob_type, timing) {
        tenant_id -> Text,
        currency -> Text,
        period -> Text,
        pob_type -> Text,
        timing -> Text,
        recognized -> BigInt,
        booked -> BigInt,
        rpo_change -> BigInt,
        rpo_next_12 -> BigInt,
        recognized_from_opening -> BigInt,
        asset_change -> BigInt,
        invoiced -> BigInt,
        asset_earned -> BigInt,
        paid -> BigInt,
        credit_change -> BigInt,
        variable_revenue -> BigInt,
    }
}

diesel::table! {
    rollup_deltas (tenant_id, serial) {
        tenant_id -> Text,
        serial -> BigInt,
        currency -> Text,
        deltas -> Text,
    }
}

diesel::table! {
    books_size_bounds (tenant_id, currency, stripe) {
        tenant_id -> Text,
        currency -> Text,
        stripe -> SmallInt,
        size_bound -> BigInt,
    }
}

diesel::table! {
    contract_invoices (tenant_id, contract_id, invoice_id) {
        tenant_id -> Text,
        contract_id -> Text,
        invoice_id -> Text,
        number -> Nullable<Text>,
        invoice_date -> Date,
        amount -> BigInt,
        recorded_at -> BigInt,
        books_sequence -> BigInt,
        kind -> Text,
        recorded_by -> Text,
    }
}

diesel::table! {
    idempotency_keys (tenant_id, idempotency_key) {
        tenant_id -> Text,
        idempotency_key -> Text,
        fingerprint -> Text,
        status -> Nullable<Integer>,
        response_kind -> Nullable<Text>,
        response_body -> Nullable<Text>,
        response_location -> Nullable<Text>,
        created_at -> BigInt,
    }
}

diesel::table! {
    chart_versions (tenant_id, version, role) {
        tenant_id -> Text,
        version -> BigInt,
        role -> Text,
        code -> Text,
        name -> Text,
        recorded_at -> BigInt,
        books_sequence -> BigInt,
        actor -> Text,
    }
}

diesel::table! {
    posting_controls (tenant_id, version) {
        tenant_id -> Text,
        version -> BigInt,
        closed_month_writes -> Text,
        recorded_at -> BigInt,
        actor -> Text,
    }
}

diesel::table! {
    jobs (tenant_id, id) {
        tenant_id -> Text,
        id -> Text,
        kind -> Text,
        status -> Text,
        contract_ids -> Nullable<Text>,
        convention -> Nullable<Text>,
        as_of -> Text,
        total -> BigInt,
        processed -> BigInt,
        changed -> BigInt,
        recognized_delta -> Text,
        hash_chain -> Text,
        skipped -> Text,
        cursor -> Nullable<Text>,
        failure_code -> Nullable<Text>,
        failure_message -> Nullable<Text>,
        attempts -> Integer,
        lease_owner -> Nullable<Text>,
        lease_until -> Nullable<BigInt>,
        created_at -> BigInt,
        updated_at -> BigInt,
        finished_at -> Nullable<BigInt>,
        requested_by -> Text,
    }
}

diesel::table! {
    job_tenants (tenant_id) {
        tenant_id -> Text,
        served_turn -> Nullable<BigInt>,
    }
}

diesel::table! {
    oauth_clients (tenant_id, id) {
        tenant_id -> Text,
        id -> Text,
        name -> Text,
        secret_digest -> Text,
        scopes -> Text,
        plan -> Text,
        created_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
        last_used_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    oauth_tokens (tenant_id, digest) {
        tenant_id -> Text,
        digest -> Text,
        client_id -> Text,
        scopes -> Text,
        issued_at -> BigInt,
        expires_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    rate_limit_windows (tenant_id, credential, window_start) {
        tenant_id -> Text,
        credential -> Text,
        window_start -> BigInt,
        reserved -> BigInt,
    }
}

diesel::table! {
    payment_redemptions (tenant_id, challenge_id) {
        tenant_id -> Text,
        challenge_id -> Text,
        method -> Text,
        proof_digest -> Text,
        route -> Text,
        amount -> BigInt,
        currency -> Text,
        status -> Text,
        reference -> Nullable<Text>,
        created_at -> BigInt,
        finished_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    console_users (tenant_id, id) {
        tenant_id -> Text,
        id -> Text,
        email -> Text,
        password_hash -> Text,
        must_change_password -> Bool,
        created_at -> BigInt,
        failed_attempts -> BigInt,
        locked_until -> Nullable<BigInt>,
    }
}

diesel::table! {
    console_sessions (digest) {
        digest -> Text,
        tenant_id -> Text,
        user_id -> Text,
        created_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    console_sign_in_failures (throttle_key) {
        throttle_key -> Text,
        failures -> BigInt,
        window_ends_at -> BigInt,
    }
}

diesel::table! {
    api_usage_daily (tenant_id, day, route, status_class) {
        tenant_id -> Text,
        day -> Text,
        route -> Text,
        status_class -> Text,
        requests -> BigInt,
    }
}

diesel::table! {
    period_events (tenant_id, sequence) {
        tenant_id -> Text,
        sequence -> BigInt,
        action -> Text,
        period -> Text,
        recorded_at -> BigInt,
        actor -> Text,
        reason -> Nullable<Text>,
    }
}

diesel::table! {
    closed_months (tenant_id, close_sequence, period) {
        tenant_id -> Text,
        close_sequence -> BigInt,
        period -> Text,
        digest -> Text,
    }
}

diesel::table! {
    frozen_rollups (tenant_id, close_sequence, currency, period, pob_type, timing, corrects_period) {
        tenant_id -> Text,
        close_sequence -> BigInt,
        currency -> Text,
        period -> Text,
        pob_type -> Text,
        timing -> Text,
        corrects_period -> Text,
        recognized -> BigInt,
        booked -> BigInt,
        rpo_change -> BigInt,
        rpo_next_12 -> BigInt,
        recognized_from_opening -> BigInt,
        asset_change -> BigInt,
        invoiced -> BigInt,
        asset_earned -> BigInt,
        paid -> BigInt,
        credit_change -> BigInt,
        variable_revenue -> BigInt,
    }
}

diesel::table! {
    usage_records (tenant_id, contract_id, obligation_id, record_id, revision) {
        tenant_id -> Text,
        contract_id -> Text,
        obligation_id -> Text,
        record_id -> Text,
        revision -> Integer,
        occurred_on -> Date,
        period -> Text,
        quantity_millionths -> Nullable<BigInt>,
        amount -> Nullable<BigInt>,
        recorded_at -> BigInt,
        recorded_by -> Text,
        books_sequence -> BigInt,
    }
}

diesel::table! {
    usage_months (tenant_id, contract_id, obligation_id, period, books_sequence) {
        tenant_id -> Text,
        contract_id -> Text,
        obligation_id -> Text,
        period -> Text,
        books_sequence -> BigInt,
        quantity_millionths -> BigInt,
        amount -> BigInt,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    api_keys,
    usage_records,
    usage_months,
    contracts,
    contract_changes,
    contract_versions,
    contract_lines,
    contract_invoices,
    rollups,
    rollup_deltas,
    books_size_bounds,
    closed_months,
    frozen_rollups,
    idempotency_keys,
    chart_versions,
    posting_controls,
    jobs,
    job_tenants,
    oauth_clients,
    oauth_tokens,
    rate_limit_windows,
    payment_redemptions,
    console_users,
    console_sessions,
    console_sign_in_failures,
    api_usage_daily,
    period_events,
);
