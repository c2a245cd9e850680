CREATE TABLE `teams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`code` text NOT NULL,
	`color` text NOT NULL,
	`locked` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teams_session_name_key_uq` ON `teams` (`session_id`,`name_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `teams_session_code_uq` ON `teams` (`session_id`,`code`);--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `team_mode` text DEFAULT 'solo' NOT NULL;--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `max_team_size` integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `team_switch_after_start` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `gm_layouts` ADD `team_settings` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `team_id` integer REFERENCES teams(id);--> statement-breakpoint
ALTER TABLE `observations` ADD `team_id` integer REFERENCES teams(id);--> statement-breakpoint
CREATE INDEX `observations_team_idx` ON `observations` (`team_id`);--> statement-breakpoint
ALTER TABLE `session_players` ADD `team_id` integer REFERENCES teams(id);--> statement-breakpoint
CREATE INDEX `session_players_team_idx` ON `session_players` (`team_id`);