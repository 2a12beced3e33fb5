-- The hand-written queue's table, kept under another name: the job queue (pg-boss) re-queues its unfinished jobs at its first start, then drops it.
ALTER TABLE "jobs" RENAME TO "jobs_before_pg_boss";
