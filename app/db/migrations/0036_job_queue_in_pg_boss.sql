-- The job queue is pg-boss now (decision 0043), in a schema of its own that it installs and migrates itself.
DROP TABLE "background_jobs" CASCADE;
