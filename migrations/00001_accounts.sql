-- Accounts: publishers, their users, domains, sessions, workspaces, legal
-- agreements, e-mail verification, user config and login throttling.
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
CREATE TABLE publishers (
    id {{id}},
    email TEXT NOT NULL,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    company TEXT NOT NULL DEFAULT '',
    user_category TEXT NOT NULL,
    website_url TEXT NOT NULL DEFAULT '',
    language_id INTEGER NOT NULL DEFAULT 1,
    is_partner BOOLEAN NOT NULL DEFAULT FALSE,
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL
);

CREATE TABLE domains (
    id {{id}},
    publisher_id BIGINT NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
    domain_name TEXT NOT NULL,
    raw_domain_name TEXT NOT NULL,
    created_at {{time}} NOT NULL
);
CREATE INDEX domains_publisher_id ON domains (publisher_id);

CREATE TABLE publisher_users (
    id {{id}},
    publisher_id BIGINT NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    role_id INTEGER NOT NULL,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    is_admin BOOLEAN NOT NULL DEFAULT FALSE,
    is_2fa_enabled BOOLEAN NOT NULL DEFAULT FALSE,
    email_verified_at {{time}},
    selected_domain_id BIGINT REFERENCES domains(id) ON DELETE SET NULL,
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL
);
CREATE UNIQUE INDEX publisher_users_email ON publisher_users (email);
CREATE INDEX publisher_users_publisher_id ON publisher_users (publisher_id);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    publisher_user_id BIGINT NOT NULL REFERENCES publisher_users(id) ON DELETE CASCADE,
    publisher_id BIGINT NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
    user_agent TEXT NOT NULL DEFAULT '',
    ip TEXT NOT NULL DEFAULT '',
    created_at {{time}} NOT NULL,
    last_seen_at {{time}} NOT NULL,
    expires_at {{time}} NOT NULL
);
CREATE INDEX sessions_publisher_user_id ON sessions (publisher_user_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE workspaces (
    id {{id}},
    publisher_id BIGINT NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    is_default BOOLEAN NOT NULL DEFAULT FALSE,
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL
);
CREATE INDEX workspaces_publisher_id ON workspaces (publisher_id);

CREATE TABLE legal_agreements (
    id {{id}},
    publisher_user_id BIGINT NOT NULL REFERENCES publisher_users(id) ON DELETE CASCADE,
    video_production_agreement_version_id BIGINT NOT NULL,
    agreed_at {{time}} NOT NULL
);
CREATE UNIQUE INDEX legal_agreements_user_version ON legal_agreements (publisher_user_id, video_production_agreement_version_id);

CREATE TABLE email_verifications (
    id {{id}},
    publisher_user_id BIGINT NOT NULL REFERENCES publisher_users(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    token_hash TEXT,
    sent_at {{time}},
    verified_at {{time}},
    expires_at {{time}} NOT NULL,
    created_at {{time}} NOT NULL
);
CREATE INDEX email_verifications_user ON email_verifications (publisher_user_id);
CREATE UNIQUE INDEX email_verifications_token ON email_verifications (token_hash);

CREATE TABLE user_configs (
    publisher_user_id BIGINT PRIMARY KEY REFERENCES publisher_users(id) ON DELETE CASCADE,
    data {{json}} NOT NULL,
    updated_at {{time}} NOT NULL
);

CREATE TABLE login_failures (
    id {{id}},
    email TEXT NOT NULL,
    ip TEXT NOT NULL,
    created_at {{time}} NOT NULL
);
CREATE INDEX login_failures_email ON login_failures (email, created_at);
CREATE INDEX login_failures_ip ON login_failures (ip, created_at);

-- +goose Down
DROP TABLE login_failures;
DROP TABLE user_configs;
DROP TABLE email_verifications;
DROP TABLE legal_agreements;
DROP TABLE workspaces;
DROP TABLE sessions;
DROP TABLE publisher_users;
DROP TABLE domains;
DROP TABLE publishers;
