ALTER TABLE `game_sessions` ADD `play_area` text;--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `no_go_zones` text DEFAULT '[]' NOT NULL;