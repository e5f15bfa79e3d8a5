package media

import (
	"reflect"
	"testing"
)

func TestParseSilences(t *testing.T) {
	for _, c := range []struct {
		name  string
		log   string
		total int
		want  []Silence
	}{
		{"start and end", "[silencedetect @ 0x1] silence_start: 0.999909\n[silencedetect @ 0x1] silence_end: 1.80007 | silence_duration: 0.800159\n", 3000,
			[]Silence{{1000, 1800}}},
		{"trailing start without end", "[silencedetect @ 0x1] silence_start: 1\n[silencedetect @ 0x1] silence_end: 2 | silence_duration: 1\n[silencedetect @ 0x1] silence_start: 2.5\nsize=N/A time=00:00:03.70\n", 3700,
			[]Silence{{1000, 2000}, {2500, 3700}}},
		{"negative start clamps to 0", "[silencedetect @ 0x1] silence_start: -0.0213\n[silencedetect @ 0x1] silence_end: 0.5 | silence_duration: 0.52\n", 1000,
			[]Silence{{0, 500}}},
		{"end past total clamps", "[silencedetect @ 0x1] silence_start: 0.8\n[silencedetect @ 0x1] silence_end: 1.2 | silence_duration: 0.4\n", 1000,
			[]Silence{{800, 1000}}},
		{"end without start is ignored", "[silencedetect @ 0x1] silence_end: 1.2 | silence_duration: 0.4\n", 2000, nil},
		{"garbage numbers are ignored", "[silencedetect @ 0x1] silence_start: nan\n[silencedetect @ 0x1] silence_start: x\n[silencedetect @ 0x1] silence_end: inf\n", 2000, nil},
		{"other filters' lines are ignored", "[Parsed_foo @ 0x1] silence_start: 1\n", 2000, nil},
		{"overlaps merge", "[silencedetect @ 0x1] silence_start: 1\n[silencedetect @ 0x1] silence_end: 2\n[silencedetect @ 0x1] silence_start: 1.5\n[silencedetect @ 0x1] silence_end: 2.5\n", 3000,
			[]Silence{{1000, 2500}}},
		{"nothing", "", 0, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := parseSilences([]byte(c.log), c.total)
			if len(got) == 0 && len(c.want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestProgressOutTime(t *testing.T) {
	p := "out_time_us=46440\nprogress=continue\nout_time_us=3700000\nout_time_ms=3700000\nprogress=end\n"
	if got := progressOutTimeMs([]byte(p)); got != 3700 {
		t.Fatalf("got %d", got)
	}
	if got := progressOutTimeMs([]byte("out_time_us=N/A\n")); got != 0 {
		t.Fatalf("N/A gave %d", got)
	}
}
