package domain

import "testing"

func TestSuggestAvatar(t *testing.T) {
	used := []AvatarChoice{{ID: 7, Gender: "male"}, {ID: 3, Gender: "female"}, {ID: 9, Gender: "female"}, {ID: 4, Gender: ""}}
	tests := []struct {
		name   string
		gender string
		avs    []AvatarChoice
		want   int64
		found  bool
	}{
		{"female voice takes the first female avatar", "female", used, 3, true},
		{"male voice takes the first male avatar", "male", used, 7, true},
		{"case and spaces do not matter", " Female ", used, 3, true},
		{"no avatar of that gender", "male", []AvatarChoice{{ID: 3, Gender: "female"}}, 0, false},
		{"no avatars used", "female", nil, 0, false},
		{"voice of unknown gender", "", used, 0, false},
		{"avatar of unknown gender matches nothing", "", []AvatarChoice{{ID: 4}}, 0, false},
		{"order decides among matches", "female", []AvatarChoice{{ID: 9, Gender: "female"}, {ID: 3, Gender: "female"}}, 9, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, found := SuggestAvatar(tt.gender, tt.avs)
			if got != tt.want || found != tt.found {
				t.Fatalf("SuggestAvatar(%q) = %d, %v; want %d, %v", tt.gender, got, found, tt.want, tt.found)
			}
		})
	}
}
