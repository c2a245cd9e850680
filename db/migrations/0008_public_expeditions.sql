ALTER TABLE `game_sessions` ADD `is_public` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `meeting_lat` real;--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `meeting_lng` real;--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `meeting_note` text;--> statement-breakpoint
CREATE INDEX `game_sessions_public_idx` ON `game_sessions` (`is_public`,`status`);--> statement-breakpoint
ALTER TABLE `session_players` ADD `removed_at` integer;