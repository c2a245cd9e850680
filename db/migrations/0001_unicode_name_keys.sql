ALTER TABLE `game_sessions` ADD `name_key` text;--> statement-breakpoint
-- Rows from before this migration get SQLite's lower(): right for ASCII names, which were all the old lookup could match anyway.
UPDATE `game_sessions` SET `name_key` = lower(`name`);--> statement-breakpoint
CREATE INDEX `game_sessions_name_key_idx` ON `game_sessions` (`name_key`);--> statement-breakpoint
ALTER TABLE `session_players` ADD `handle_key` text;--> statement-breakpoint
UPDATE `session_players` SET `handle_key` = lower(`handle`);--> statement-breakpoint
-- The old check let some handles in twice ('Émile' and 'ÉMILE': lower() leaves É alone). The first keeps its
-- key; later ones get their row id after a unit separator, a character no handle may contain.
UPDATE `session_players` SET `handle_key` = `handle_key` || char(31) || `id`
WHERE EXISTS (
  SELECT 1 FROM `session_players` AS `earlier`
  WHERE `earlier`.`session_id` = `session_players`.`session_id`
    AND `earlier`.`handle_key` = `session_players`.`handle_key`
    AND `earlier`.`id` < `session_players`.`id`
);--> statement-breakpoint
CREATE UNIQUE INDEX `session_players_session_handle_key_uq` ON `session_players` (`session_id`,`handle_key`);
