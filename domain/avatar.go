package domain

import "strings"

// AvatarChoice is an avatar as the avatar suggestion sees it: its id and gender.
type AvatarChoice struct {
	ID     int64
	Gender string
}

// SuggestAvatar is spec 000 section 4 "Avatar suggestion": among the most-used
// avatars (most used first), the first whose gender matches the voice's gender;
// otherwise none (false). A voice or avatar of unknown gender ("") matches nothing.
// Genders compare without regard to case or surrounding spaces.
func SuggestAvatar(voiceGender string, mostUsed []AvatarChoice) (int64, bool) {
	g := strings.ToLower(strings.TrimSpace(voiceGender))
	if g == "" {
		return 0, false
	}
	for _, a := range mostUsed {
		if strings.ToLower(strings.TrimSpace(a.Gender)) == g {
			return a.ID, true
		}
	}
	return 0, false
}
