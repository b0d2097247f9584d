-- The traffic ingest keeps each sender's flights in memory (server/modules/traffic/traffic.ingest.ts) until a
-- take-off, a landing or a deleted flight notifies "Flight". The SPA's 15 s pings only set "lastPingAt" and notify
-- nothing.
CREATE TRIGGER "Flight_traffic_changed"
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "missionId", "takenOffBy", "takeoffAt", "landedAt"
ON "Flight" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();
