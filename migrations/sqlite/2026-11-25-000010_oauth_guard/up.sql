-- RFC 7009 revocation of one access token: the row is kept (as a digest) and marked, so a
-- revoked token is refused at once on every instance, and introspection calls it inactive.
-- Keep in step with the other folder.
ALTER TABLE oauth_tokens ADD COLUMN revoked_at BIGINT;
