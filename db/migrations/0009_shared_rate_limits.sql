CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`points` real NOT NULL,
	`at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
