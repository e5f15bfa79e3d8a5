package domain

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"pagecast/models"
)

func TestFilterVoices(t *testing.T) {
	t0 := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	ann, bo := int64(1), int64(2)
	male := models.Tag{ID: 1, TagCategoryID: models.TagCategoryVoiceGender, Tag: "Male"}
	female := models.Tag{ID: 2, TagCategoryID: models.TagCategoryVoiceGender, Tag: "Female"}
	english := models.Tag{ID: 3, TagCategoryID: models.TagCategoryVoiceLanguage, Tag: "English"}
	french := models.Tag{ID: 4, TagCategoryID: models.TagCategoryVoiceLanguage, Tag: "French"}
	voice := func(id int64, name string, rec bool, tags ...models.Tag) models.Voice {
		return models.Voice{ID: id, Name: name, ProviderVoiceID: "v" + name, IsPublic: true, IsRecommended: rec, Tags: tags, CreatedAt: t0}
	}
	cloned := func(id int64, name string, owner int64, created time.Time) models.Voice {
		return models.Voice{ID: id, Name: name, ProviderVoiceID: "c" + name, Cloned: true, PublisherID: &owner, CreatedAt: created}
	}
	deleted := voice(20, "Deleted voice", true, english)
	deleted.DeletedAt = &t0
	private := voice(21, "Private voice", true, english)
	private.IsPublic = false
	mute := voice(22, "No provider id", true, english)
	mute.ProviderVoiceID = ""
	publicClone := cloned(23, "Bo public clone", bo, t0)
	publicClone.IsPublic = true
	annDeletedClone := cloned(24, "Ann old clone", ann, t0)
	annDeletedClone.DeletedAt = &t0
	all := []models.Voice{
		voice(1, "English (America) – Male", true, male, english),
		voice(2, "english (america) – Female", true, female, english),
		voice(3, "French (France) – Female", true, female, french),
		voice(4, "Welsh – Male", false, male),
		voice(5, "Afrikaans – Female", false, female),
		cloned(10, "Ann's voice", ann, t0),
		cloned(11, "Ann's newer voice", ann, t0.Add(time.Hour)),
		cloned(12, "Bo's voice", bo, t0),
		deleted, private, mute, publicClone, annDeletedClone,
	}
	yes, no := true, false
	tests := []struct {
		name string
		q    VoiceQuery
		want []int64
	}{
		{"recommended only (the default)", VoiceQuery{PublisherID: ann, RecommendedOnly: true}, []int64{2, 1, 3}},
		{"everything visible to ann: her clones first, newest first", VoiceQuery{PublisherID: ann}, []int64{11, 10, 2, 1, 3, 5, 4}},
		{"bo sees his clone, not ann's, and his public clone once", VoiceQuery{PublisherID: bo}, []int64{23, 12, 2, 1, 3, 5, 4}},
		{"a stranger sees no clone, even a public one", VoiceQuery{PublisherID: 99}, []int64{2, 1, 3, 5, 4}},
		{"one tag", VoiceQuery{PublisherID: ann, TagIDs: []int64{female.ID}}, []int64{2, 3, 5}},
		{"every tag must match", VoiceQuery{PublisherID: ann, TagIDs: []int64{female.ID, english.ID}}, []int64{2}},
		{"tags that never meet", VoiceQuery{PublisherID: ann, TagIDs: []int64{male.ID, female.ID}}, []int64{}},
		{"unknown tag", VoiceQuery{PublisherID: ann, TagIDs: []int64{999}}, []int64{}},
		{"search ignores case", VoiceQuery{PublisherID: ann, Search: "  ENGLISH "}, []int64{2, 1}},
		{"search inside the name", VoiceQuery{PublisherID: ann, Search: "ann's"}, []int64{11, 10}},
		{"search with recommended only", VoiceQuery{PublisherID: ann, Search: "male", RecommendedOnly: true}, []int64{2, 1, 3}},
		{"search without a match", VoiceQuery{PublisherID: ann, Search: "klingon"}, []int64{}},
		{"cloned only", VoiceQuery{PublisherID: ann, Cloned: &yes}, []int64{11, 10}},
		{"catalogue only", VoiceQuery{PublisherID: ann, Cloned: &no, RecommendedOnly: true, TagIDs: []int64{english.ID}}, []int64{2, 1}},
		{"recommended hides clones", VoiceQuery{PublisherID: ann, Cloned: &yes, RecommendedOnly: true}, []int64{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []int64{}
			for _, v := range FilterVoices(all, tt.q) {
				got = append(got, v.ID)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestVoiceVisible(t *testing.T) {
	ann := int64(1)
	now := time.Now()
	tests := []struct {
		name string
		v    models.Voice
		want bool
	}{
		{"public catalogue voice", models.Voice{ProviderVoiceID: "en", IsPublic: true}, true},
		{"hidden catalogue voice", models.Voice{ProviderVoiceID: "en"}, false},
		{"deleted catalogue voice", models.Voice{ProviderVoiceID: "en", IsPublic: true, DeletedAt: &now}, false},
		{"own clone", models.Voice{ProviderVoiceID: "x", Cloned: true, PublisherID: &ann}, true},
		{"own deleted clone", models.Voice{ProviderVoiceID: "x", Cloned: true, PublisherID: &ann, DeletedAt: &now}, false},
		{"clone without owner", models.Voice{ProviderVoiceID: "x", Cloned: true, IsPublic: true}, false},
		{"voice that cannot speak", models.Voice{IsPublic: true}, false},
	}
	for _, tt := range tests {
		if got := VoiceVisible(tt.v, ann); got != tt.want {
			t.Errorf("%s: got %v", tt.name, got)
		}
	}
}

func TestPageOfAndTagCounts(t *testing.T) {
	items := []int{1, 2, 3, 4, 5}
	tests := []struct {
		page, size int
		want       []int
	}{
		{1, 2, []int{1, 2}}, {3, 2, []int{5}}, {4, 2, []int{}}, {0, 0, []int{1}}, {1, 1000, items},
	}
	for _, tt := range tests {
		if got := PageOf(items, tt.page, tt.size); !reflect.DeepEqual(append([]int{}, got...), tt.want) {
			t.Errorf("page %d size %d: got %v, want %v", tt.page, tt.size, got, tt.want)
		}
	}
	vs := []models.Voice{{Tags: []models.Tag{{ID: 1}, {ID: 2}}}, {Tags: []models.Tag{{ID: 2}}}, {}}
	if got := CountVoiceTags(vs); !reflect.DeepEqual(got, map[int64]int{1: 1, 2: 2}) {
		t.Errorf("counts = %v", got)
	}
}

func TestValidateClone(t *testing.T) {
	mp3 := func(name string) CloneFile { return CloneFile{Name: name, Size: 5000, Format: "mp3", Audio: true} }
	files := func(n int) []CloneFile {
		out := make([]CloneFile, n)
		for i := range out {
			out[i] = mp3("take.mp3")
		}
		return out
	}
	tests := []struct {
		name string
		req  CloneRequest
		rule CloneRule
		msg  string
	}{
		{"one mp3", CloneRequest{Name: "My voice", Files: files(1)}, "", ""},
		{"ten files, one clone already", CloneRequest{Name: "My voice", Files: files(10), Existing: 1}, "", ""},
		{"every accepted format", CloneRequest{Name: "All", Files: []CloneFile{
			mp3("a.MP3"), {Name: "b.mpeg", Size: 1, Format: "mp3", Audio: true}, {Name: "c.ogg", Size: 1, Format: "ogg", Audio: true},
			{Name: "d.opus", Size: 1, Format: "ogg", Audio: true}, {Name: "e.aac", Size: 1, Format: "aac", Audio: true},
			{Name: "f.aac", Size: 1, Format: "m4a", Audio: true}, {Name: "g.wav", Size: 1, Format: "wav", Audio: true},
			{Name: "h.flac", Size: 1, Format: "flac", Audio: true}}}, "", ""},
		{"exactly 10,000,000 bytes", CloneRequest{Name: "x", Files: []CloneFile{{Name: "a.wav", Size: 10_000_000, Format: "wav", Audio: true}}}, "", ""},
		{"third clone", CloneRequest{Name: "x", Files: files(1), Existing: 2}, CloneLimitReached, MsgCloneLimitReached},
		{"limit comes first", CloneRequest{Files: files(11), Existing: 2}, CloneLimitReached, MsgCloneLimitReached},
		{"eleven files", CloneRequest{Name: "x", Files: files(11)}, CloneTooManyFiles, MsgCloneTooManyFiles},
		{"one byte too large", CloneRequest{Name: "x", Files: []CloneFile{{Name: "a.wav", Size: 10_000_001, Format: "wav", Audio: true}}}, CloneFileTooLarge, MsgCloneFileTooLarge},
		{"an exe", CloneRequest{Name: "x", Files: []CloneFile{{Name: "setup.exe", Size: 10}}}, CloneFileType, MsgCloneFileType},
		{"no extension", CloneRequest{Name: "x", Files: []CloneFile{{Name: "recording", Size: 10, Format: "mp3", Audio: true}}}, CloneFileType, MsgCloneFileType},
		{"an mp4 is not accepted", CloneRequest{Name: "x", Files: []CloneFile{{Name: "a.mp4", Size: 10, Format: "mp4"}}}, CloneFileType, MsgCloneFileType},
		{"an exe renamed mp3", CloneRequest{Name: "x", Files: []CloneFile{{Name: "setup.mp3", Size: 10}}}, CloneFileContent, `"setup.mp3" is not a real mp3 audio file.`},
		{"a wav renamed mp3", CloneRequest{Name: "x", Files: []CloneFile{{Name: "a.mp3", Size: 10, Format: "wav", Audio: true}}}, CloneFileContent, `"a.mp3" is not a real mp3 audio file.`},
		{"an mpeg video", CloneRequest{Name: "x", Files: []CloneFile{{Name: "a.mpeg", Size: 10, Format: "mpeg-ps"}}}, CloneFileContent, `"a.mpeg" is not a real mpeg audio file.`},
		{"an ogg video", CloneRequest{Name: "x", Files: []CloneFile{{Name: "a.ogg", Size: 10, Format: "ogg", Audio: false}}}, CloneFileContent, `"a.ogg" is not a real ogg audio file.`},
		{"an empty file", CloneRequest{Name: "x", Files: []CloneFile{{Name: "a.wav", Format: "wav", Audio: true}}}, CloneFileContent, `"a.wav" is not a real wav audio file.`},
		{"no file", CloneRequest{Name: "x"}, CloneFileMissing, MsgCloneFileRequired},
		{"empty name", CloneRequest{Name: "", Files: files(1)}, CloneNameMissing, MsgCloneNameRequired},
		{"blank name", CloneRequest{Name: " \t\n ", Files: files(1)}, CloneNameMissing, MsgCloneNameRequired},
		{"name too long", CloneRequest{Name: strings.Repeat("é", 101), Files: files(1)}, CloneNameTooLong, MsgCloneNameTooLong},
		{"name of 100 characters", CloneRequest{Name: strings.Repeat("é", 100), Files: files(1)}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := ValidateClone(tt.req)
			switch {
			case tt.rule == "" && p != nil:
				t.Fatalf("refused: %+v", p)
			case tt.rule != "" && (p == nil || p.Rule != tt.rule || p.Message != tt.msg):
				t.Fatalf("got %+v, want %s %q", p, tt.rule, tt.msg)
			}
		})
	}
}

func TestCleanVoiceName(t *testing.T) {
	tests := map[string]string{"  My\tvoice\n ": "My voice", "a\x00b": "a b", "": "", "Zoë  Ü": "Zoë Ü"}
	for in, want := range tests {
		if got := CleanVoiceName(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

func TestLocalCatalogue(t *testing.T) {
	languages := []LocalVoice{
		{ID: "en-us", Name: "English (America)", Gender: models.GenderMale},
		{ID: "en-us-nyc", Name: "English (America, New York City)", Gender: models.GenderMale},
		{ID: "cy", Name: "Welsh", Gender: models.GenderMale},
		{ID: "yue", Name: "Chinese (Cantonese)", Gender: models.GenderMale},
		{ID: "yue", Name: "Chinese (Cantonese, latin as Jyutping)", Gender: models.GenderMale},
		{ID: "xx", Name: "Someone female", Gender: models.GenderFemale},
	}
	variants := []LocalVoice{{ID: "f2", Name: "female2", Gender: models.GenderFemale}, {ID: "f3", Name: "female3", Gender: models.GenderFemale},
		{ID: "m3", Name: "male3", Gender: models.GenderMale}, {ID: "klatt", Name: "klatt", Gender: models.GenderMale}}
	got := LocalCatalogue(languages, variants)
	type row struct {
		id, name, gender, lang string
		rec                    bool
		tags                   string
	}
	var rows []row
	for _, v := range got {
		var tags []string
		for _, t := range v.Tags {
			tags = append(tags, t.Tag)
		}
		if v.Provider != models.VoiceProviderEspeak || !v.IsPublic {
			t.Errorf("%s: provider %d public %v", v.ProviderVoiceID, v.Provider, v.IsPublic)
		}
		rows = append(rows, row{v.ProviderVoiceID, v.Name, v.Gender, v.LanguageCode, v.IsRecommended, strings.Join(tags, ",")})
	}
	want := []row{
		{"en-us", "English (America) – Male", "male", "en-US", true, "Male,English,America"},
		{"en-us+f3", "English (America) – Female", "female", "en-US", true, "Female,English,America"},
		{"en-us-nyc", "English (America, New York City) – Male", "male", "en-US-nyc", false, "Male,English,New York City"},
		{"en-us-nyc+f3", "English (America, New York City) – Female", "female", "en-US-nyc", false, "Female,English,New York City"},
		{"cy", "Welsh – Male", "male", "cy", false, "Male,Welsh"},
		{"cy+f3", "Welsh – Female", "female", "cy", false, "Female,Welsh"},
		{"yue", "Chinese (Cantonese) – Male", "male", "yue", false, "Male,Chinese,Cantonese"},
		{"yue+f3", "Chinese (Cantonese) – Female", "female", "yue", false, "Female,Chinese,Cantonese"},
		{"xx", "Someone female – Female", "female", "xx", false, "Female,Someone female"},
		{"xx+m3", "Someone female – Male", "male", "xx", false, "Male,Someone female"},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("catalogue:\n got %+v\nwant %+v", rows, want)
	}
	// Without female variants only the language voices are listed.
	if got := LocalCatalogue(languages[:1], nil); len(got) != 1 || got[0].ProviderVoiceID != "en-us" {
		t.Fatalf("no variants: %+v", got)
	}
}

func TestLanguageTagsAndCodes(t *testing.T) {
	accents := []struct{ id, name, lang, accent string }{
		{"en-gb", "English (Great Britain)", "English", "Great Britain"},
		{"pt-br", "Portuguese (Brazil)", "Portuguese", "Brazil"},
		{"ga", "Gaelic (Irish)", "Irish", ""},
		{"cmn", "Chinese (Mandarin, latin as English)", "Chinese", "Mandarin"},
		{"de", "German", "German", ""},
	}
	for _, tt := range accents {
		if l, a := LanguageAndAccent(tt.id, tt.name); l != tt.lang || a != tt.accent {
			t.Errorf("%s: got %q %q", tt.name, l, a)
		}
	}
	codes := map[string]string{"en-us": "en-US", "EN-GB-X-RP": "en-GB-x-rp", "cmn-latn-pinyin": "cmn-Latn-pinyin",
		"es-419": "es-419", "chr-US-Qaaa-x-west": "chr-US-Qaaa-x-west", "de": "de", "vi-vn-x-central": "vi-VN-x-central"}
	for in, want := range codes {
		if got := BCP47(in); got != want {
			t.Errorf("BCP47(%q) = %q, want %q", in, got, want)
		}
	}
	if SampleText("fr-FR") != sampleTexts["fr"] || SampleText("pt-BR") != sampleTexts["pt"] || SampleText("qya") != "1, 2, 3, 4, 5." {
		t.Error("sample texts")
	}
}
