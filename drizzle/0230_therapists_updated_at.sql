-- When a therapist's row last changed: the owner's edit form sends it back, and a save from a copy read before
-- another save is refused (lib/api/stale-copy.ts). Rows that exist get the migration's time.
ALTER TABLE "therapists" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
