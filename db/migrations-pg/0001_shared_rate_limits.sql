-- Hand-edited after drizzle-kit (decision 885): UNLOGGED, because rate-limit counts need no WAL and need not
-- outlive a crash (one process's limits never did); fillfactor 70 leaves room on each page for HOT updates
-- (no index but the key's, which never changes), since every position report updates its hunter's row.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" double precision NOT NULL,
	"at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
) WITH (fillfactor = 70);
