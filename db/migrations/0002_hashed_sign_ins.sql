-- Sign-in ids become SHA-256 hashes of the cookie's token: the stored plain tokens can match nothing, so
-- existing sign-ins end (everyone signs in again).
DELETE FROM `auth_sessions`;--> statement-breakpoint
ALTER TABLE `auth_sessions` ADD `absolute_expires_at` integer DEFAULT 0 NOT NULL;