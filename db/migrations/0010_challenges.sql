CREATE TABLE `challenge_hints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`kind` text NOT NULL,
	`challenge_id` integer,
	`cost` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `session_players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `challenge_hints_player_idx` ON `challenge_hints` (`player_id`);--> statement-breakpoint
CREATE TABLE `challenge_progress` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`challenge_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`points_awarded` integer DEFAULT 0 NOT NULL,
	`wrong_answers` integer DEFAULT 0 NOT NULL,
	`media_message_id` integer,
	`completed_at` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`challenge_id`) REFERENCES `session_challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `session_players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `challenge_progress_challenge_player_uq` ON `challenge_progress` (`challenge_id`,`player_id`);--> statement-breakpoint
CREATE TABLE `mission_challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mission_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`target` integer,
	`species_id` integer,
	`question_id` integer,
	`latitude` real,
	`longitude` real,
	`radius_m` real,
	`points` integer DEFAULT 10 NOT NULL,
	`time_limit_min` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`mission_id`) REFERENCES `missions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mission_challenges_mission_idx` ON `mission_challenges` (`mission_id`);--> statement-breakpoint
CREATE TABLE `question_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`challenge_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`answer` text NOT NULL,
	`correct` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`challenge_id`) REFERENCES `session_challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `session_players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `question_attempts_player_idx` ON `question_attempts` (`player_id`,`challenge_id`);--> statement-breakpoint
CREATE TABLE `session_challenge_settings` (
	`session_id` integer PRIMARY KEY NOT NULL,
	`hint_cost` integer DEFAULT 5 NOT NULL,
	`hint_allowance` integer DEFAULT 3 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `session_challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`target` integer,
	`species_id` integer,
	`question_id` integer,
	`latitude` real,
	`longitude` real,
	`radius_m` real,
	`points` integer DEFAULT 10 NOT NULL,
	`time_limit_min` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_challenges_session_idx` ON `session_challenges` (`session_id`);--> statement-breakpoint
CREATE TABLE `species_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`species_id` integer NOT NULL,
	`prompt` text NOT NULL,
	`kind` text NOT NULL,
	`choices` text DEFAULT '[]' NOT NULL,
	`correct_choice` integer,
	`correct_number` real,
	`tolerance` real DEFAULT 0 NOT NULL,
	`clue` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`species_id`) REFERENCES `dinosaur_species`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `species_questions_species_idx` ON `species_questions` (`species_id`);--> statement-breakpoint
ALTER TABLE `dinosaur_species` ADD `period` text;--> statement-breakpoint
ALTER TABLE `dinosaur_species` ADD `fossil_sites` text;