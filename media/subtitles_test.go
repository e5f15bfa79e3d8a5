package media_test

import (
	"strings"
	"testing"

	"pagecast/media"
)

var subtitleCues = []media.Cue{
	{StartMs: 1000, EndMs: 2500, Text: "Hello, world"},
	{StartMs: 62005, EndMs: 3723456, Text: "Two\nlines <b> & {x} \\N"},
}

func TestWriteASS(t *testing.T) {
	style := media.SubtitleStyle{FontName: "DejaVu Sans", FontSize: 54, PrimaryColor: "FFCC00", OutlineColor: "102030",
		BackColor: "000000", Bold: true, Outline: 3, Shadow: 1, MarginL: 96, MarginR: 80, MarginV: 64, Angle: 5}
	var b strings.Builder
	if err := media.WriteASS(&b, subtitleCues, style, media.Canvas16x9); err != nil {
		t.Fatal(err)
	}
	want := "[Script Info]\nScriptType: v4.00+\nPlayResX: 1920\nPlayResY: 1080\nWrapStyle: 0\nScaledBorderAndShadow: yes\nYCbCr Matrix: None\n\n" +
		"[V4+ Styles]\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\n" +
		"Style: Default,DejaVu Sans,54,&H0000CCFF,&H0000CCFF,&H00302010,&H00000000,-1,0,0,0,100,100,0,5,1,3,1,2,96,80,64,-1\n\n" +
		"[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n" +
		"Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,Hello, world\n" +
		"Dialogue: 0,0:01:02.01,1:02:03.46,Default,,0,0,0,,Two\\Nlines <b> & \\{x\\} \\\u2060N\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestWriteASSItalicSpacingBlur: italic and spacing are style fields; blur, which ASS
// styles lack, starts each of the style's lines.
func TestWriteASSItalicSpacingBlur(t *testing.T) {
	style := media.SubtitleStyle{FontName: "DejaVu Serif", FontSize: 40, PrimaryColor: "FFFFFF", OutlineColor: "000000",
		BackColor: "000000", Italic: true, Spacing: 7, Blur: 3, Alignment: 8}
	var b strings.Builder
	if err := media.WriteASS(&b, subtitleCues[:1], style, media.Canvas9x16); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Style: Default,DejaVu Serif,40,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,-1,0,0,100,100,7,0,1,0,0,8,0,0,0,-1\n",
		"Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\blur3}Hello, world\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
}

func TestWriteSRT(t *testing.T) {
	var b strings.Builder
	if err := media.WriteSRT(&b, subtitleCues); err != nil {
		t.Fatal(err)
	}
	want := "1\n00:00:01,000 --> 00:00:02,500\nHello, world\n\n" +
		"2\n00:01:02,005 --> 01:02:03,456\nTwo\nlines <b> & {x} \\N\n\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}

func TestWriteVTT(t *testing.T) {
	var b strings.Builder
	if err := media.WriteVTT(&b, append(subtitleCues, media.Cue{StartMs: 0, EndMs: 10, Text: "a\n\n-->b"})); err != nil {
		t.Fatal(err)
	}
	want := "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello, world\n\n" +
		"00:01:02.005 --> 01:02:03.456\nTwo\nlines &lt;b&gt; &amp; {x} \\N\n\n" +
		"00:00:00.000 --> 00:00:00.010\na\n--&gt;b\n\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}

func TestDefaultSubtitleStyleFitsBothCanvases(t *testing.T) {
	for _, c := range []media.Canvas{media.Canvas16x9, media.Canvas9x16} {
		s := media.DefaultSubtitleStyle(c)
		if s.FontSize != 54 || s.Alignment != 2 || s.FontName != "DejaVu Sans" || s.MarginV <= 0 || s.MarginL <= 0 {
			t.Errorf("%dx%d: %+v", c.Width, c.Height, s)
		}
	}
}

// subtitleFiles writes cues as each of the three subtitle files (16:9, default style),
// by format name.
func subtitleFiles(t *testing.T, cues []media.Cue) map[string]string {
	t.Helper()
	writers := map[string]func(*strings.Builder) error{
		"ass": func(b *strings.Builder) error {
			return media.WriteASS(b, cues, media.DefaultSubtitleStyle(media.Canvas16x9), media.Canvas16x9)
		},
		"srt": func(b *strings.Builder) error { return media.WriteSRT(b, cues) },
		"vtt": func(b *strings.Builder) error { return media.WriteVTT(b, cues) },
	}
	files := map[string]string{}
	for name, write := range writers {
		var b strings.Builder
		if err := write(&b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		files[name] = b.String()
	}
	return files
}

// TestSubtitleFilesTakeEveryLineBreak: a carriage return alone is a line break in all
// three files (libass, SubRip and WebVTT readers end a line there, so the cue's text
// after it was lost), and a SubRip line cannot be read as a timing line.
func TestSubtitleFilesTakeEveryLineBreak(t *testing.T) {
	files := subtitleFiles(t, []media.Cue{{StartMs: 0, EndMs: 1000, Text: "Dawn over\rthe harbour\r\n2\n00:00:01,000 --> 00:00:02,000\r\rfake"}})
	want := map[string]string{
		"ass": "Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,Dawn over\\Nthe harbour\\N2\\N00:00:01,000 --> 00:00:02,000\\N\\Nfake\n",
		"srt": "1\n00:00:00,000 --> 00:00:01,000\nDawn over\nthe harbour\n2\n00:00:01,000 --\u2060> 00:00:02,000\nfake\n\n",
		"vtt": "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nDawn over\nthe harbour\n2\n00:00:01,000 --&gt; 00:00:02,000\nfake\n\n",
	}
	for name, w := range want {
		if got := files[name]; !strings.HasSuffix(got, w) {
			t.Errorf("%s: got\n%q\nwant it to end with\n%q", name, got, w)
		} else if strings.Contains(got, "\r") {
			t.Errorf("%s: a carriage return is left in %q", name, got)
		}
	}
}

// TestSubtitleFilesDropOverrideBlocks: ASS override blocks in a cue's text ({\b1} from a
// subtitle tool) are in none of the three files, and are not drawn as text by the burn:
// subtitle text is plain text. Braces that open no override stay text.
func TestSubtitleFilesDropOverrideBlocks(t *testing.T) {
	files := subtitleFiles(t, []media.Cue{{StartMs: 0, EndMs: 1000, Text: "{\\an8}{\\b1}Solar{\\b0} power\n{\\i1\\c&H0000FF&}costs {less}{\\i0} & <more>"}})
	want := map[string]string{
		"ass": "Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,Solar power\\Ncosts \\{less\\} & <more>\n",
		"srt": "1\n00:00:00,000 --> 00:00:01,000\nSolar power\ncosts {less} & <more>\n\n",
		"vtt": "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nSolar power\ncosts {less} &amp; &lt;more&gt;\n\n",
	}
	for name, w := range want {
		if got := files[name]; !strings.HasSuffix(got, w) {
			t.Errorf("%s: got\n%q\nwant it to end with\n%q", name, got, w)
		}
	}
}

// TestRightToLeftLinesInSubtitleFiles: each line of a Hebrew or Arabic cue that does not
// begin right to left (a Latin word, a number alone) starts with a right-to-left mark in
// all three files, as players take a line's direction from its first strong character;
// lines that begin right to left, and cues of left-to-right text, stay as they are.
func TestRightToLeftLinesInSubtitleFiles(t *testing.T) {
	files := subtitleFiles(t, []media.Cue{
		{StartMs: 0, EndMs: 1000, Text: "שלום לכולם, זה טקסט\nGoogle היא חברה."},
		{StartMs: 1000, EndMs: 2000, Text: "HTML5 هي لغة\n(2026)."},
		{StartMs: 2000, EndMs: 3000, Text: "Google Cloud in שלום"},
	})
	want := map[string][]string{
		"ass": {",,שלום לכולם, זה טקסט\\N\u200fGoogle היא חברה.\n", ",,\u200fHTML5 هي لغة\\N\u200f(2026).\n", ",,Google Cloud in שלום\n"},
		"srt": {"\nשלום לכולם, זה טקסט\n\u200fGoogle היא חברה.\n\n", "\n\u200fHTML5 هي لغة\n\u200f(2026).\n\n", "\nGoogle Cloud in שלום\n\n"},
		"vtt": {"\nשלום לכולם, זה טקסט\n\u200fGoogle היא חברה.\n\n", "\n\u200fHTML5 هي لغة\n\u200f(2026).\n\n", "\nGoogle Cloud in שלום\n\n"},
	}
	for name, ws := range want {
		for _, w := range ws {
			if !strings.Contains(files[name], w) {
				t.Errorf("%s lacks %q:\n%q", name, w, files[name])
			}
		}
	}
}
