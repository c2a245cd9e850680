CREATE TABLE `earned_achievements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`player_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	`key` text NOT NULL,
	`tier` text NOT NULL,
	`earned_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `session_players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `earned_achievements_user_key_tier_uq` ON `earned_achievements` (`user_id`,`key`,`tier`);--> statement-breakpoint
CREATE INDEX `earned_achievements_player_idx` ON `earned_achievements` (`player_id`);--> statement-breakpoint
CREATE INDEX `earned_achievements_session_idx` ON `earned_achievements` (`session_id`);--> statement-breakpoint
CREATE TABLE `gm_layouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`play_area` text,
	`no_go_zones` text DEFAULT '[]' NOT NULL,
	`dinosaurs` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gm_layouts_owner_name_uq` ON `gm_layouts` (`owner_id`,`name_key`);--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `is_public` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `meeting_lat` real;--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `meeting_lng` real;--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `meeting_note` text;--> statement-breakpoint
CREATE INDEX `game_sessions_public_idx` ON `game_sessions` (`is_public`,`status`);--> statement-breakpoint
ALTER TABLE `session_players` ADD `zone_state` text;--> statement-breakpoint
ALTER TABLE `session_players` ADD `zone_changed_at` integer;--> statement-breakpoint
ALTER TABLE `session_players` ADD `removed_at` integer;--> statement-breakpoint
CREATE INDEX `session_players_user_idx` ON `session_players` (`user_id`);