-- Fair job queues (docs/batch-and-jobs.md). One row per tenant that ever queued a job:
-- whose turn it is in the round robin the workers claim by, and the row a new job's
-- transaction locks, so the cap on a tenant's unfinished jobs holds across instances.
-- Keep in step with the other folder.
CREATE TABLE job_tenants (
    tenant_id    TEXT    NOT NULL,
    -- The claim that last served the tenant: a counter over all tenants (the largest turn
    -- plus one); NULL while none of its jobs has been claimed.
    served_turn  BIGINT,
    PRIMARY KEY (tenant_id)
);
CREATE INDEX job_tenants_by_turn ON job_tenants (served_turn);

-- What the cap counts (a tenant's queued and processing jobs) and what Retry-After reads (its
-- latest completed jobs).
CREATE INDEX jobs_by_tenant_status ON jobs (tenant_id, status, finished_at);
