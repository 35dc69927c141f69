DROP INDEX jobs_by_tenant_status;
DROP TABLE job_tenants;
