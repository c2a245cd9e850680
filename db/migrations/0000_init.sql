CREATE TABLE `auth_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`game_session_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_sessions_user_idx` ON `auth_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `credit_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`credits` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`stripe_payment_intent_id` text,
	`status` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_purchases_stripe_payment_intent_id_unique` ON `credit_purchases` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE TABLE `dinosaur_species` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`scientific_name` text,
	`description` text,
	`rarity` text,
	`diet_type` text,
	`locomotion_type` text,
	`length` text,
	`weight` text,
	`health` integer DEFAULT 100 NOT NULL,
	`capture_rate` real DEFAULT 0.5 NOT NULL,
	`model_path` text,
	`model_original_name` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer,
	`type` text NOT NULL,
	`audience` text DEFAULT 'all' NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_session_idx` ON `events` (`session_id`,`id`);--> statement-breakpoint
CREATE TABLE `game_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`password` text NOT NULL,
	`max_players` integer NOT NULL,
	`mission_id` integer,
	`status` text DEFAULT 'preparing' NOT NULL,
	`duration` integer NOT NULL,
	`scheduled_start_time` integer,
	`start_time` integer,
	`paused_at` integer,
	`paused_total_ms` integer DEFAULT 0 NOT NULL,
	`end_time` integer,
	`briefing_video_url` text,
	`cover_photo_url` text,
	`description` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mission_id`) REFERENCES `missions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `game_sessions_owner_idx` ON `game_sessions` (`owner_id`);--> statement-breakpoint
CREATE INDEX `game_sessions_status_idx` ON `game_sessions` (`status`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`sender_user_id` text,
	`sender_label` text NOT NULL,
	`sender_role` text NOT NULL,
	`message` text NOT NULL,
	`message_type` text NOT NULL,
	`media_type` text,
	`media_url` text,
	`recipient_type` text NOT NULL,
	`quick_action` text,
	`lat` real,
	`lng` real,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_session_idx` ON `messages` (`session_id`,`id`);--> statement-breakpoint
CREATE TABLE `missions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`cover_photo_path` text,
	`briefing_video_path` text,
	`cover_photo_original_name` text,
	`briefing_video_original_name` text,
	`difficulty` text,
	`duration` integer,
	`max_players` integer DEFAULT 20 NOT NULL,
	`objectives` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `observations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`dinosaur_id` integer NOT NULL,
	`species_id` integer NOT NULL,
	`success` integer NOT NULL,
	`distance_m` real NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `session_players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `observations_session_player_idx` ON `observations` (`session_id`,`player_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `observations_success_uq` ON `observations` (`player_id`,`dinosaur_id`) WHERE success = 1;--> statement-breakpoint
CREATE TABLE `positions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`accuracy` real NOT NULL,
	`precision` text NOT NULL,
	`recorded_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `session_players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `positions_session_player_idx` ON `positions` (`session_id`,`player_id`,`recorded_at`);--> statement-breakpoint
CREATE TABLE `session_dinosaurs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`species_id` integer NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`health` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`species_id`) REFERENCES `dinosaur_species`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `session_dinosaurs_session_idx` ON `session_dinosaurs` (`session_id`);--> statement-breakpoint
CREATE TABLE `session_players` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`handle` text NOT NULL,
	`darts_remaining` integer DEFAULT 25 NOT NULL,
	`darts_used` integer DEFAULT 0 NOT NULL,
	`reports_submitted` integer DEFAULT 0 NOT NULL,
	`photos_taken` integer DEFAULT 0 NOT NULL,
	`distance_traveled_m` real DEFAULT 0 NOT NULL,
	`last_lat` real,
	`last_lng` real,
	`last_accuracy` real,
	`last_precision` text,
	`last_position_at` integer,
	`anchor_lat` real,
	`anchor_lng` real,
	`anchor_at` integer,
	`completion_time` integer,
	`joined_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_players_session_user_uq` ON `session_players` (`session_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `session_players_session_handle_uq` ON `session_players` (`session_id`,`handle`);--> statement-breakpoint
CREATE TABLE `session_results` (
	`session_id` integer PRIMARY KEY NOT NULL,
	`completion_status` text NOT NULL,
	`completion_rate` integer NOT NULL,
	`dinosaurs_found` integer NOT NULL,
	`total_dinosaurs` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscription_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price` text NOT NULL,
	`interval` text DEFAULT 'week' NOT NULL,
	`features` text NOT NULL,
	`max_sessions` integer,
	`max_players_per_session` integer NOT NULL,
	`stripe_price_id` text,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`plan_id` integer NOT NULL,
	`status` text NOT NULL,
	`stripe_subscription_id` text,
	`current_period_end` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `subscription_plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_user_id_unique` ON `subscriptions` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_subscription_id_unique` ON `subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text,
	`email` text,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`role` text NOT NULL,
	`password_hash` text,
	`is_guest` integer DEFAULT false NOT NULL,
	`session_credits` integer DEFAULT 0 NOT NULL,
	`account_status` text DEFAULT 'active' NOT NULL,
	`stripe_customer_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_uq` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_uq` ON `users` (lower("email"));