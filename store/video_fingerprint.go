package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"pagecast/migrations"
	"pagecast/models"
)

// VideoFingerprint is a digest of every row a video's answer is made from: the video,
// its scenes, slides, slide media and the assets they and the narration show. Any
// change to any column of those rows (an edit, a workflow's result, an import
// finishing, a deletion) gives another digest, so an answer built for one digest may
// be served again while the digest is unchanged. It is ErrNotFound when the account
// has no such live video. One query: on PostgreSQL a digest of the rows' ids and
// versions (xmin), on SQLite of their columns.
func (s *Store) VideoFingerprint(ctx context.Context, publisherID, videoID int64) (string, error) {
	q := s.fingerprintQuery()
	var parts [3]sql.NullString
	row := s.db.WithContext(ctx).Raw(q, videoID, publisherID, videoID, videoID).Row()
	if err := row.Scan(&parts[0], &parts[1], &parts[2]); err != nil {
		return "", translate(err, fmt.Sprintf("video %d fingerprint", videoID))
	}
	if !parts[0].Valid {
		return "", fmt.Errorf("video %d: %w", videoID, models.ErrNotFound)
	}
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%t%d:%s", p.Valid, len(p.String), p.String)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// fingerprintQuery builds VideoFingerprint's query: the video with its voiceover,
// its scenes, and its slides each with its narration, media items and their assets,
// one row each, every row spelled out by position (a missing joined row spells
// empty fields). On SQLite the rows' columns come from the models, so a column added
// later is in the digest without anyone remembering it.
func (s *Store) fingerprintQuery() string {
	s.fingerprintOnce.Do(func() {
		pg := s.dialect == migrations.Postgres
		cols := func(model any, alias string) string {
			if pg {
				// Every change to a row makes a new version of it with a new xmin (the
				// transaction that wrote it): id and xmin name a row's content without
				// reading it.
				return "concat(" + alias + ".id, ',', " + alias + ".xmin)"
			}
			stmt := &gorm.Statement{DB: s.db}
			if err := stmt.Parse(model); err != nil {
				panic(fmt.Sprintf("store: fingerprint columns: %v", err)) // a model that does not parse is a programming error
			}
			names := make([]string, len(stmt.Schema.DBNames))
			for i, n := range stmt.Schema.DBNames {
				names[i] = "quote(" + alias + "." + n + ")"
			}
			return strings.Join(names, " || ',' || ")
		}
		row := func(parts ...string) string { return strings.Join(parts, " || '/' || ") }
		digest := func(expr string) string {
			if pg {
				return "md5(" + expr + ")"
			}
			return expr
		}
		s.fingerprintSQL = "SELECT " + strings.Join([]string{
			"(SELECT " + digest(row(cols(&models.Video{}, "v"), cols(&models.Asset{}, "vo"))) +
				" FROM videos v LEFT JOIN assets vo ON vo.id = v.voiceover_asset_id" +
				" WHERE v.id = ? AND v.publisher_id = ? AND v.deleted_at IS NULL)",
			"(SELECT " + digest("string_agg("+cols(&models.Scene{}, "s")+", '|' ORDER BY s.id)") +
				" FROM scenes s WHERE s.video_id = ?)",
			"(SELECT " + digest("string_agg("+row(cols(&models.Layer{}, "l"), cols(&models.Asset{}, "n"),
				cols(&models.LayerAsset{}, "la"), cols(&models.Asset{}, "a"))+", '|' ORDER BY l.id, la.id)") +
				" FROM layers l LEFT JOIN assets n ON n.id = l.narration_asset_id" +
				" LEFT JOIN layer_assets la ON la.layer_id = l.id LEFT JOIN assets a ON a.id = la.asset_id" +
				" WHERE l.video_id = ?)",
		}, ",\n")
	})
	return s.fingerprintSQL
}
