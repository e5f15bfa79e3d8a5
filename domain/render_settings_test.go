package domain

import "testing"

func TestSendEmailOnRender(t *testing.T) {
	tests := []struct {
		config string
		want   bool
	}{
		{``, true},
		{`{}`, true},
		{`not json`, true},
		{`{"renderSettings": {}}`, true},
		{`{"renderSettings": {"sendEmailOnRender": true}}`, true},
		{`{"renderSettings": {"sendEmailOnRender": false}}`, false},
		{`{"renderSettings": {"sendEmailOnRender": "no"}}`, true},
	}
	for _, tt := range tests {
		if got := SendEmailOnRender([]byte(tt.config)); got != tt.want {
			t.Errorf("SendEmailOnRender(%s) = %v, want %v", tt.config, got, tt.want)
		}
	}
}
