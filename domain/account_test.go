package domain

import (
	"reflect"
	"testing"
)

func TestRegistrationValidate(t *testing.T) {
	ok := Registration{SignupEmail: "ann@example.com", SignupEmailConfirm: "ann@example.com",
		SignupPassword: "correct-horse", UserCategory: "Business", WebsiteURL: "https://example.com"}
	tests := []struct {
		name string
		edit func(r *Registration)
		want []FieldError
	}{
		{name: "valid", edit: func(*Registration) {}},
		{name: "no website is fine", edit: func(r *Registration) { r.WebsiteURL = "" }},
		{name: "missing email", edit: func(r *Registration) { r.SignupEmail = "" },
			want: []FieldError{{"signupEmail", MsgEmailRequired}, {"signupEmailConfirm", MsgEmailsDontMatch}}},
		{name: "bad email", edit: func(r *Registration) { r.SignupEmail, r.SignupEmailConfirm = "ann@", "ann@" },
			want: []FieldError{{"signupEmail", MsgEmailInvalid}, {"signupEmailConfirm", MsgEmailInvalid}}},
		{name: "confirmation differs", edit: func(r *Registration) { r.SignupEmailConfirm = "bob@example.com" },
			want: []FieldError{{"signupEmailConfirm", MsgEmailsDontMatch}}},
		{name: "confirmation missing", edit: func(r *Registration) { r.SignupEmailConfirm = "" },
			want: []FieldError{{"signupEmailConfirm", MsgEmailConfirmNeeded}}},
		{name: "short password", edit: func(r *Registration) { r.SignupPassword = "123456789" },
			want: []FieldError{{"signupPassword", MsgPasswordLength}}},
		{name: "long password", edit: func(r *Registration) { r.SignupPassword = "123456789012345678901" },
			want: []FieldError{{"signupPassword", MsgPasswordLength}}},
		{name: "10 characters of 2 bytes each", edit: func(r *Registration) { r.SignupPassword = "éééééééééé" }},
		{name: "no password", edit: func(r *Registration) { r.SignupPassword = "" },
			want: []FieldError{{"signupPassword", MsgPasswordRequired}}},
		{name: "missing category", edit: func(r *Registration) { r.UserCategory = "" },
			want: []FieldError{{"userCategory", MsgCategoryRequired}}},
		{name: "unknown category", edit: func(r *Registration) { r.UserCategory = "Robot" },
			want: []FieldError{{"userCategory", MsgCategoryRequired}}},
		{name: "bad website", edit: func(r *Registration) { r.WebsiteURL = "ftp://x" },
			want: []FieldError{{"websiteUrl", MsgWebsiteInvalid}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ok
			tt.edit(&r)
			if got := r.Validate(); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSiteDomain(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"https://www.Example.com/blog?x=1", "example.com", true},
		{"example.co.uk", "example.co.uk", true},
		{"http://news.example.com", "news.example.com", true},
		{"localhost", "", false},
		{"http://127.0.0.1", "", false},
		{"javascript:alert(1)", "", false},
		{"https://user:pw@example.com", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := SiteDomain(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("SiteDomain(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestPasswordHash(t *testing.T) {
	p := PasswordParams{Memory: 1024, Time: 1, Threads: 1} // cheap for tests
	h, err := HashPassword("correct-horse", p)
	if err != nil {
		t.Fatal(err)
	}
	if !CheckPassword("correct-horse", h) {
		t.Fatal("right password refused")
	}
	for _, bad := range []string{"correct-hors", "", "Correct-horse"} {
		if CheckPassword(bad, h) {
			t.Fatalf("%q accepted", bad)
		}
	}
	if CheckPassword("x", "$bcrypt$nope") || CheckPassword("x", "") {
		t.Fatal("malformed hash accepted")
	}
	h2, _ := HashPassword("correct-horse", p)
	if h == h2 {
		t.Fatal("hashes not salted")
	}
}
