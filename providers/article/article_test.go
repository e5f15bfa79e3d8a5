package article

import (
	"errors"
	"net/url"
	"os"
	"reflect"
	"strings"
	"testing"
)

func extractFile(t *testing.T, name, pageURL, contentType string) (Article, error) {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	u, _ := url.Parse(pageURL)
	return Extract(f, u, contentType)
}

func types(bs []Block) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Type)
	}
	return out
}

func TestExtractNewsArticle(t *testing.T) {
	a, err := extractFile(t, "harbour.html", "https://www.coastaltimes.example/travel/2026/03/bergvik-harbour", "text/html; charset=utf-8")
	if err != nil {
		t.Fatal(err)
	}
	if a.Title != "How a small harbour town reinvented its fishing trade" {
		t.Errorf("title = %q", a.Title)
	}
	if a.Description != "Bergvik's fishermen turned a dying trade into a tourist draw, one dawn market at a time." {
		t.Errorf("description = %q (the meta description wins over og:description)", a.Description)
	}
	if want := []string{"fishing", "harbour towns", "norway", "tourism"}; !reflect.DeepEqual(a.Keywords, want) {
		t.Errorf("keywords = %q, want %q", a.Keywords, want)
	}
	if a.Language != "en-GB" {
		t.Errorf("language = %q", a.Language)
	}
	want := []string{"title", "image", "paragraph", "paragraph", "header", "paragraph", "image", "paragraph",
		"listItem", "listItem", "listItem", "header", "paragraph", "image", "paragraph"}
	if got := types(a.Body); !reflect.DeepEqual(got, want) {
		t.Fatalf("body types = %v, want %v", got, want)
	}
	if a.Body[4].Text != "The dawn market" || a.Body[9].Text != "Smoked salmon from the smokehouse on the pier" {
		t.Errorf("body = %+v", a.Body)
	}
	hero := a.Body[1]
	if hero.Alt != "Fishing boats moored in Bergvik harbour at dawn" || hero.Text != "Boats in Bergvik harbour before the morning market." {
		t.Errorf("hero block = %+v (alt kept, caption as its text)", hero)
	}
	var all strings.Builder
	for _, b := range a.Body {
		all.WriteString(b.Text + " " + b.Src + "\n")
	}
	for _, junk := range []string{"Subscribe", "Advertisement", "Sponsored", "fjord cruise", "All rights reserved",
		"Related stories", "Cookie settings", "By Ingrid Solberg", "logo.svg", "banner-728x90", "pixel.gif", "dataLayer"} {
		if strings.Contains(all.String(), junk) {
			t.Errorf("body keeps %q:\n%s", junk, all.String())
		}
	}
	wantImages := []Image{
		{URL: "https://cdn.coastaltimes.example/images/harbour-hero.jpg", Alt: "Fishing boats moored in Bergvik harbour at dawn",
			Caption: "Boats in Bergvik harbour before the morning market.", Position: 0, Width: 1200, Height: 675},
		{URL: "https://www.coastaltimes.example/images/market-stalls.jpg", Alt: "Stalls of fresh fish on the quay", Position: 4},
		{URL: "https://www.coastaltimes.example/images/market-hall-plan.png", Alt: "Architect's drawing of the planned market hall", Position: 8},
	}
	if !reflect.DeepEqual(a.Images, wantImages) {
		t.Errorf("images =\n%+v\nwant\n%+v", a.Images, wantImages)
	}
}

func TestScript(t *testing.T) {
	a, err := extractFile(t, "harbour.html", "https://www.coastaltimes.example/travel/bergvik", "text/html")
	if err != nil {
		t.Fatal(err)
	}
	text, pos := a.Script(0)
	paras := strings.Split(text, "\n\n")
	if len(paras) != 10 {
		t.Fatalf("%d paragraphs:\n%s", len(paras), text)
	}
	if paras[0] != a.Title || paras[3] != "The dawn market" || !strings.HasPrefix(paras[1], "For most of the last century") {
		t.Errorf("paragraphs = %q", paras)
	}
	if want := "Fresh cod and haddock, gutted on the spot\nSmoked salmon from the smokehouse on the pier\nFish soup served in paper cups at six in the morning"; paras[6] != want {
		t.Errorf("a list is one paragraph, an item per line: %q", paras[6])
	}
	if !reflect.DeepEqual(pos, []int{0, 4, 8}) {
		t.Errorf("image positions = %v", pos)
	}
	// Each image sits after the paragraph its position names.
	if !strings.HasPrefix(paras[4], "At first the market") || !strings.HasPrefix(paras[8], "The town council") {
		t.Errorf("positions do not point at the paragraphs before the images: %q", paras)
	}

	// With a minimum, the short list and the short closing quote join a neighbour;
	// headings stay alone and positions follow.
	text, pos = a.Script(160)
	paras = strings.Split(text, "\n\n")
	if len(paras) != 8 {
		t.Fatalf("%d paragraphs with minChars:\n%s", len(paras), text)
	}
	if !strings.HasPrefix(paras[5], "The fishermen now earn") || !strings.Contains(paras[5], "too:\nFresh cod") {
		t.Errorf("the short paragraph joins the list after it: %q", paras[5])
	}
	if !strings.HasPrefix(paras[7], "The town council") || !strings.Contains(paras[7], "Now they ask for selfies") {
		t.Errorf("the closing quote joins the paragraph before it: %q", paras[7])
	}
	if paras[3] != "The dawn market" || paras[6] != "What comes next" {
		t.Errorf("headings were joined: %q", paras)
	}
	if !reflect.DeepEqual(pos, []int{0, 4, 7}) {
		t.Errorf("image positions = %v", pos)
	}
}

func TestExtractCharsetAndTopTerms(t *testing.T) {
	// A windows-1251 page that declares its charset only in a meta tag, with no
	// keywords: the top terms stand in.
	a, err := extractFile(t, "baikal-cp1251.html", "https://journal.example.ru/travel/baikal", "text/html")
	if err != nil {
		t.Fatal(err)
	}
	if a.Title != "Байкал зимой: прогулка по льду" || a.Language != "ru" {
		t.Fatalf("title %q language %q", a.Title, a.Language)
	}
	if len(a.Keywords) == 0 || a.Keywords[0] != "байкал" || len(a.Keywords) > MaxKeywords {
		t.Errorf("keywords = %q", a.Keywords)
	}
	if len(a.Images) != 1 || a.Images[0].URL != "https://journal.example.ru/media/baikal-ice.jpg" || a.Images[0].Position != -1 {
		t.Errorf("images = %+v", a.Images)
	}
	if strings.Contains(a.Body[len(a.Body)-1].Text, "Сибирский журнал") {
		t.Error("the footer is in the body")
	}
}

func TestExtractNoArticle(t *testing.T) {
	_, err := extractFile(t, "nav-only.html", "https://portal.example.com/login", "text/html")
	if !errors.Is(err, ErrNoArticle) {
		t.Fatalf("err = %v", err)
	}
}

const para = "<p>This paragraph is long enough to count as article text, and readability keeps it because it reads like prose written for people.</p>"

func TestExtractImageRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		head string
		body string
		want []string
	}{
		{"og:image first, then body order, each once",
			`<meta property="og:image" content="/b.jpg">`,
			`<img src="/a.jpg" alt="A">` + para + `<img src="/b.jpg"><img src="/a.jpg#again">`,
			[]string{"https://site.example/b.jpg", "https://site.example/a.jpg"}},
		{"data URIs, tiny and tracking pictures are skipped",
			``,
			`<img src="data:image/png;base64,iVBORw0KGgo="><img src="/icon.png" width="16" height="16"><img src="/p.gif" width="1" height="1">` +
				`<img src="https://www.facebook.com/tr?id=1"><img src="/spacer.gif"><img src="/logo.svg">` + para + `<img src="/real.webp" width="800">`,
			[]string{"https://site.example/real.webp"}},
		{"srcset: the widest; lazy attributes",
			``,
			`<img srcset="/s-480.jpg 480w, /s-1600.jpg 1600w, /s-800.jpg 800w">` + para + `<img data-src="//cdn.example/lazy.jpg">`,
			[]string{"https://site.example/s-1600.jpg", "https://cdn.example/lazy.jpg"}},
		{"only http(s)",
			``,
			`<img src="ftp://site.example/a.jpg"><img src="javascript:alert(1)">` + para,
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := `<html><head><title>Page</title>` + tc.head + `</head><body><article>` + para + tc.body + para + `</article></body></html>`
			u, _ := url.Parse("https://site.example/posts/1")
			a, err := Extract(strings.NewReader(page), u, "text/html")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, img := range a.Images {
				got = append(got, img.URL)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("images = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestExtractCapsImages(t *testing.T) {
	var b strings.Builder
	for i := 0; i < MaxImages+10; i++ {
		b.WriteString(para)
		b.WriteString(`<img src="/img` + strings.Repeat("x", i) + `.jpg">`)
	}
	u, _ := url.Parse("https://site.example/")
	a, err := Extract(strings.NewReader("<html><body><article>"+b.String()+"</article></body></html>"), u, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Images) != MaxImages {
		t.Fatalf("%d images", len(a.Images))
	}
}
