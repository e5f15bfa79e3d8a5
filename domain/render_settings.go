package domain

import "encoding/json"

// DefaultSendEmailOnRender is the spec's default render setting: e-mail the user when
// a render ends (spec 000 section 9).
const DefaultSendEmailOnRender = true

// SendEmailOnRender reads the user's render settings from their user config
// ({"renderSettings": {"sendEmailOnRender": false}}); anything missing or unreadable
// keeps the default.
func SendEmailOnRender(userConfig []byte) bool {
	var cfg struct {
		RenderSettings struct {
			SendEmailOnRender *bool `json:"sendEmailOnRender"`
		} `json:"renderSettings"`
	}
	if json.Unmarshal(userConfig, &cfg) != nil || cfg.RenderSettings.SendEmailOnRender == nil {
		return DefaultSendEmailOnRender
	}
	return *cfg.RenderSettings.SendEmailOnRender
}
