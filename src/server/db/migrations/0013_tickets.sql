-- Tickets (docs/decisions.md "API"): what an event stream or a download link carries in its URL instead of the
-- session token, which URLs would write into logs, proxies and browser history. A ticket is random,
-- stored as its SHA-256 like a token, for one purpose (and for a download, one file), and lives
-- TICKET_TTL_MS; kept in the database so a ticket issued by one instance opens on any other.
CREATE TABLE sys_ticket (
  id          bigserial    PRIMARY KEY,
  ticket_hash char(64)     NOT NULL UNIQUE,
  session_id  integer      NOT NULL REFERENCES sys_session(id) ON DELETE CASCADE,
  purpose     varchar(16)  NOT NULL,                  -- stream | download
  target      varchar(64)  NOT NULL DEFAULT '',       -- download: the file id
  expires_at  timestamptz  NOT NULL,
  used_at     timestamptz,                            -- download tickets are spent by their first use
  created_at  timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX sys_ticket_expires_idx ON sys_ticket(expires_at);
CREATE INDEX sys_ticket_session_idx ON sys_ticket(session_id);
