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
CREATE INDEX `session_players_user_idx` ON `session_players` (`user_id`);