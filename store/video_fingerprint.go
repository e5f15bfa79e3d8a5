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
	var parts [5]sql.NullString
	row := s.db.WithContext(ctx).Raw(q, videoID, publisherID, videoID, videoID, videoID, videoID, videoID, videoID).Row()
	if err := row.Scan(&parts[0], &parts[1], &parts[2], &parts[3], &parts[4]); err != nil {
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

// fingerprintQuery builds VideoFingerprint's query; on SQLite from the models'
// columns, so a column added later is in the digest without anyone remembering it.
func (s *Store) fingerprintQuery() string {
	s.fingerprintOnce.Do(func() {
		cols := func(model any, alias string) string {
			if s.dialect == migrations.Postgres {
				// Every change to a row makes a new version of it with a new xmin (the
				// transaction that wrote it): id and xmin name a row's content without
				// reading it.
				return "concat_ws(','," + alias + ".id," + alias + ".xmin)"
			}
			stmt := &gorm.Statement{DB: s.db}
			if err := stmt.Parse(model); err != nil {
				panic(fmt.Sprintf("store: fingerprint columns: %v", err)) // a model that does not parse is a programming error
			}
			names := make([]string, len(stmt.Schema.DBNames))
			for i, n := range stmt.Schema.DBNames {
				names[i] = alias + "." + n
			}
			// concat_ws skips NULLs: a NULL and an empty value digest alike, which no
			// answer tells apart either.
			return "concat_ws(','," + strings.Join(names, ",") + ")"
		}
		digest := func(expr string) string {
			if s.dialect == migrations.Postgres {
				return "md5(" + expr + ")"
			}
			return expr
		}
		agg := func(model any, alias, from string) string {
			return "(SELECT " + digest("string_agg("+cols(model, alias)+", '|' ORDER BY "+alias+".id)") + " FROM " + from + ")"
		}
		slides := "SELECT l.id FROM layers l WHERE l.video_id = ?"
		s.fingerprintSQL = "SELECT " + strings.Join([]string{
			"(SELECT " + digest(cols(&models.Video{}, "v")) + " FROM videos v WHERE v.id = ? AND v.publisher_id = ? AND v.deleted_at IS NULL)",
			agg(&models.Scene{}, "s", "scenes s WHERE s.video_id = ?"),
			agg(&models.Layer{}, "l", "layers l WHERE l.video_id = ?"),
			agg(&models.LayerAsset{}, "la", "layer_assets la WHERE la.layer_id IN ("+slides+")"),
			agg(&models.Asset{}, "a", "assets a WHERE a.id IN (SELECT la.asset_id FROM layer_assets la WHERE la.layer_id IN ("+slides+")"+
				" UNION SELECT l.narration_asset_id FROM layers l WHERE l.video_id = ?"+
				" UNION SELECT v.voiceover_asset_id FROM videos v WHERE v.id = ?)"),
		}, ",\n")
	})
	return s.fingerprintSQL
}
