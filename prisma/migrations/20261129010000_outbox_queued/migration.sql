-- An e-mail is kept in the outbox before its delivery, queued, then marked sent, recorded or failed.
ALTER TYPE "OutboxStatus" ADD VALUE 'queued';
