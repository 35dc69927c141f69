DROP TABLE payment_redemptions;
DROP TABLE rate_limit_windows;
DROP TABLE oauth_tokens;
DROP TABLE oauth_clients;
