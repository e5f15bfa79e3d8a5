package domain

import (
	"strings"
	"unicode"

	"pagecast/models"
)

// LocalVoice is a language voice or a variant as espeak-ng lists it (the fields of
// its voice table that the catalogue uses).
type LocalVoice struct {
	ID     string // voice name ("en-us") or, for a variant, its file name ("f3")
	Name   string // "English (America)", "female3"
	Gender string // models.GenderMale, models.GenderFemale or ""
}

// RecommendedLocalLanguages are the espeak-ng languages whose male and female voices
// the picker recommends: English (US, GB), French, German, Spanish and Italian.
var RecommendedLocalLanguages = []string{"en-us", "en-gb", "fr-fr", "de", "es", "it"}

// Variants that give a language voice the other gender, best first. espeak-ng's
// language voices are male; its "female3" variant is the usual female counterpart.
var (
	femaleVariants = []string{"f3", "f2", "f4", "f1", "f5"}
	maleVariants   = []string{"m3", "m2", "m4", "m1", "m5", "m6", "m7"}
)

// languageOverrides name the language and accent of voices whose espeak-ng names do
// not read as "Language (Accent)".
var languageOverrides = map[string][2]string{
	"ga":              {"Irish", ""},
	"gd":              {"Scottish Gaelic", ""},
	"grc":             {"Ancient Greek", ""},
	"cmn":             {"Chinese", "Mandarin"},
	"cmn-latn-pinyin": {"Chinese", "Mandarin"},
	"yue":             {"Chinese", "Cantonese"},
	"hak":             {"Chinese", "Hakka"},
	"fa-latn":         {"Persian", ""},
	"my":              {"Burmese", ""},
	"shn":             {"Shan", ""},
	"nci":             {"Nahuatl", ""},
}

// LanguageAndAccent splits an espeak-ng voice name into the language and accent tags:
// "English (America)" is English spoken with the accent "America", "English (America,
// New York City)" has the accent "New York City".
func LanguageAndAccent(id, name string) (language, accent string) {
	if o, ok := languageOverrides[strings.ToLower(id)]; ok {
		return o[0], o[1]
	}
	name = strings.TrimSpace(name)
	lang, rest, found := strings.Cut(name, " (")
	if !found {
		return lang, ""
	}
	accent = strings.TrimSuffix(rest, ")")
	if i := strings.LastIndex(accent, ", "); i >= 0 {
		accent = accent[i+2:]
	}
	return strings.TrimSpace(lang), strings.TrimSpace(accent)
}

// LocalCatalogue builds the catalogue of espeak-ng voices: for every language voice,
// the voice itself and the same language with a variant of the other gender, public
// and tagged with gender, language and accent (tags by category and value, without
// ids). Voices listed twice under one id are kept once.
func LocalCatalogue(languages, variants []LocalVoice) []models.Voice {
	variantGender := map[string]string{}
	for _, v := range variants {
		variantGender[v.ID] = v.Gender
	}
	pick := func(prefs []string, gender string) string {
		for _, id := range prefs {
			if variantGender[id] == gender {
				return id
			}
		}
		return ""
	}
	female, male := pick(femaleVariants, models.GenderFemale), pick(maleVariants, models.GenderMale)
	recommended := map[string]bool{}
	for _, l := range RecommendedLocalLanguages {
		recommended[l] = true
	}
	seen := map[string]bool{}
	var out []models.Voice
	for _, l := range languages {
		id := strings.ToLower(l.ID)
		if id == "" || id == "variant" || seen[id] {
			continue
		}
		seen[id] = true
		name := strings.TrimSpace(l.Name)
		if name == "" {
			name = l.ID
		}
		lang, accent := LanguageAndAccent(id, name)
		base := l.Gender
		if base != models.GenderFemale {
			base = models.GenderMale // espeak-ng's default voices are male
		}
		other, variant := models.GenderFemale, female
		if base == models.GenderFemale {
			other, variant = models.GenderMale, male
		}
		mk := func(voiceID, gender string) models.Voice {
			tags := []models.Tag{{TagCategoryID: models.TagCategoryVoiceGender, Tag: genderTag(gender)},
				{TagCategoryID: models.TagCategoryVoiceLanguage, Tag: lang}}
			if accent != "" {
				tags = append(tags, models.Tag{TagCategoryID: models.TagCategoryVoiceAccent, Tag: accent})
			}
			return models.Voice{Provider: models.VoiceProviderEspeak, ProviderVoiceID: voiceID,
				Name: name + " – " + genderTag(gender), Gender: gender, LanguageCode: BCP47(l.ID),
				IsRecommended: recommended[id], IsPublic: true, Tags: tags}
		}
		out = append(out, mk(l.ID, base))
		if variant != "" {
			out = append(out, mk(l.ID+"+"+variant, other))
		}
	}
	return out
}

func genderTag(g string) string {
	if g == models.GenderFemale {
		return "Female"
	}
	return "Male"
}

// BCP47 writes a language code with BCP 47's usual casing: "en-us" is "en-US",
// "cmn-latn-pinyin" is "cmn-Latn-pinyin"; private-use parts stay lower case.
func BCP47(code string) string {
	parts := strings.Split(strings.ToLower(strings.TrimSpace(code)), "-")
	private := false
	for i, p := range parts {
		switch {
		case i == 0 || private:
		case p == "x":
			private = true
		case len(p) == 2 && isLetters(p):
			parts[i] = strings.ToUpper(p)
		case len(p) == 4 && isLetters(p):
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "-")
}

func isLetters(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

// sampleTexts are what a voice says in its sample, by primary language subtag.
var sampleTexts = map[string]string{
	"en":  "Hello! This is my voice. I can narrate your next video.",
	"fr":  "Bonjour ! Voici ma voix. Je peux raconter votre prochaine vidéo.",
	"de":  "Hallo! Das ist meine Stimme. Ich kann Ihr nächstes Video sprechen.",
	"es":  "¡Hola! Esta es mi voz. Puedo narrar tu próximo vídeo.",
	"it":  "Ciao! Questa è la mia voce. Posso narrare il tuo prossimo video.",
	"pt":  "Olá! Esta é a minha voz. Posso narrar o seu próximo vídeo.",
	"nl":  "Hallo! Dit is mijn stem.",
	"pl":  "Cześć! To jest mój głos.",
	"sv":  "Hej! Det här är min röst.",
	"da":  "Hej! Dette er min stemme.",
	"nb":  "Hei! Dette er stemmen min.",
	"fi":  "Hei! Tämä on minun ääneni.",
	"cs":  "Ahoj! Tohle je můj hlas.",
	"sk":  "Ahoj! Toto je môj hlas.",
	"ru":  "Привет! Это мой голос.",
	"uk":  "Привіт! Це мій голос.",
	"tr":  "Merhaba! Bu benim sesim.",
	"el":  "Γεια σας! Αυτή είναι η φωνή μου.",
	"hu":  "Szia! Ez az én hangom.",
	"ro":  "Bună! Aceasta este vocea mea.",
	"ca":  "Hola! Aquesta és la meva veu.",
	"ja":  "こんにちは。これは私の声です。",
	"ko":  "안녕하세요. 이것은 제 목소리입니다.",
	"zh":  "你好！这是我的声音。",
	"cmn": "你好！这是我的声音。",
	"hi":  "नमस्ते! यह मेरी आवाज़ है।",
	"ar":  "مرحبا! هذا صوتي.",
	"id":  "Halo! Ini suara saya.",
	"ms":  "Helo! Ini suara saya.",
	"vi":  "Xin chào! Đây là giọng nói của tôi.",
}

// SampleText is the sentence a voice of languageCode reads as its sample. Languages
// without one count to five, which every voice reads in its own language.
func SampleText(languageCode string) string {
	primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(languageCode)), "-")
	if t, ok := sampleTexts[primary]; ok {
		return t
	}
	return "1, 2, 3, 4, 5."
}
