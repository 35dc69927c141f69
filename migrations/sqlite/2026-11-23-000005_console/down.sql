ALTER TABLE oauth_clients DROP COLUMN last_used_at;
ALTER TABLE api_keys DROP COLUMN last_used_at;
DROP TABLE api_usage_daily;
DROP TABLE console_sessions;
DROP TABLE console_users;
