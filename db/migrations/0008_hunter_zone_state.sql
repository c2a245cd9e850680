ALTER TABLE `session_players` ADD `zone_state` text;--> statement-breakpoint
ALTER TABLE `session_players` ADD `zone_changed_at` integer;