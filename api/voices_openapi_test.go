package api

import (
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestOpenAPIVoiceSchemas checks the documented voice shapes against the Go types the
// handlers write, and the clone call's multipart fields.
func TestOpenAPIVoiceSchemas(t *testing.T) {
	doc := loadOpenAPI(t)
	shapes := map[string]any{
		"Voice": voiceResponse{}, "VoiceTag": voiceTagResponse{}, "VoicePage": voicePageResponse{},
		"TagGroup": tagGroupResponse{}, "TagCategory": tagCategoryResponse{}, "Tag": tagResponse{},
	}
	for name, v := range shapes {
		schema, found := doc.Components.Schemas[name]
		if !found {
			t.Errorf("schema %s is not documented", name)
			continue
		}
		var want, got []string
		rt := reflect.TypeOf(v)
		for i := 0; i < rt.NumField(); i++ {
			want = append(want, strings.Split(rt.Field(i).Tag.Get("json"), ",")[0])
		}
		for p := range schema.Properties {
			got = append(got, p)
		}
		sort.Strings(want)
		sort.Strings(got)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%s: documented fields %v, Go type has %v", name, got, want)
		}
	}
	op := doc.Paths["/api/v2/voice/clone"]["put"]
	if op.RequestBody == nil {
		t.Fatal("put /api/v2/voice/clone: no request body documented")
	}
	props := doc.resolve(op.RequestBody.Content["multipart/form-data"].Schema).Properties
	for _, f := range []string{"name", "files"} {
		if _, ok := props[f]; !ok {
			t.Errorf("put /api/v2/voice/clone: multipart field %s is not documented", f)
		}
	}
}
