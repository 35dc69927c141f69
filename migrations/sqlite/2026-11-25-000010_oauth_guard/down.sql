ALTER TABLE oauth_tokens DROP COLUMN revoked_at;
