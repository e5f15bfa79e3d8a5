package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"pagecast/models"
)

// throttleTime rounds a throttle time to milliseconds in UTC, so that the value
// written compares equal to the value read on both databases.
func throttleTime(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// ClaimScriptGeneration reserves a script generation for a user at now. When the
// user's wait is over it sets the wait to hold (covering the generation itself, so a
// second call cannot run alongside) and returns claimed true with the held time,
// which FinishScriptGeneration needs. Otherwise it returns claimed false and the
// time the current wait ends. Several API processes may call it at once: one claim wins.
func (s *Store) ClaimScriptGeneration(ctx context.Context, userID int64, now, hold time.Time) (claimed bool, until time.Time, err error) {
	now, hold = throttleTime(now), throttleTime(hold)
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&models.ScriptThrottle{PublisherUserID: userID, NextAllowedAt: hold})
		if res.Error != nil {
			return translate(res.Error, "claim script generation")
		}
		if res.RowsAffected == 1 {
			claimed, until = true, hold
			return nil
		}
		res = tx.Model(&models.ScriptThrottle{}).
			Where("publisher_user_id = ? AND next_allowed_at <= ?", userID, now).
			Update("next_allowed_at", hold)
		if res.Error != nil {
			return translate(res.Error, "claim script generation")
		}
		if res.RowsAffected == 1 {
			claimed, until = true, hold
			return nil
		}
		var t models.ScriptThrottle
		if err := tx.Take(&t, userID).Error; err != nil {
			return translate(err, "script throttle")
		}
		until = t.NextAllowedAt.UTC()
		return nil
	})
	return claimed, until, err
}

// FinishScriptGeneration ends a claim: the user may generate again at next (the
// throttle delay after a success, or at once after a failure). It changes nothing if
// the claim is no longer the user's latest.
func (s *Store) FinishScriptGeneration(ctx context.Context, userID int64, held, next time.Time) error {
	err := s.db.WithContext(ctx).Model(&models.ScriptThrottle{}).
		Where("publisher_user_id = ? AND next_allowed_at = ?", userID, throttleTime(held)).
		Update("next_allowed_at", throttleTime(next)).Error
	return translate(err, "finish script generation")
}

// SetPlan moves an account to a standalone plan.
func (s *Store) SetPlan(ctx context.Context, publisherID int64, plan models.Plan) error {
	res := s.db.WithContext(ctx).Model(&models.Publisher{}).Where("id = ?", publisherID).
		Updates(map[string]any{"plan": string(plan), "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return translate(res.Error, "set plan")
	}
	if res.RowsAffected == 0 {
		return translate(gorm.ErrRecordNotFound, "set plan")
	}
	return nil
}
