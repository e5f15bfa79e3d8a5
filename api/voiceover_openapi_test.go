package api

import (
	"reflect"
	"sort"
	"testing"
)

// TestOpenAPIVoiceoverBody checks the documented multipart fields of POST
// /api/v2/video/voiceover: every field of POST /api/v2/video plus the narration.
func TestOpenAPIVoiceoverBody(t *testing.T) {
	doc := loadOpenAPI(t)
	op, found := doc.Paths["/api/v2/video/voiceover"]["post"]
	if !found || op.RequestBody == nil {
		t.Fatal("post /api/v2/video/voiceover: no request body documented")
	}
	schema := doc.resolve(op.RequestBody.Content["multipart/form-data"].Schema)
	want := append(jsonFields(createVideoRequest{}), NarrationField)
	sort.Strings(want)
	if got := schemaFields(schema); !reflect.DeepEqual(got, want) {
		t.Fatalf("documented multipart fields %v, want %v", got, want)
	}
}
