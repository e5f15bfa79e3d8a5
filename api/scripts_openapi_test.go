package api

import (
	"reflect"
	"strings"
	"testing"

	"pagecast/domain"
)

// TestOpenAPIScriptShapes checks the documented request and response schemas of the
// script calls against the Go types (api/scripts.go).
func TestOpenAPIScriptShapes(t *testing.T) {
	doc := loadOpenAPI(t)
	bodies := map[string]any{
		"post /api/v2/ai/generateVideoScript":   generateScriptRequest{},
		"post /api/v2/ai/modifyScriptStyle":     modifyScriptRequest{},
		"post /api/v2/text/split":               splitTextRequest{},
		"post /api/v2/textSummarizer/summarize": summarizeRequest{},
	}
	for key, v := range bodies {
		method, path, _ := strings.Cut(key, " ")
		op, found := doc.Paths[path][method]
		if !found || op.RequestBody == nil {
			t.Errorf("%s: no request body documented", key)
			continue
		}
		schema := doc.resolve(op.RequestBody.Content["application/json"].Schema)
		if got, want := schemaFields(schema), jsonFields(v); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: documented fields %v, Go type has %v", key, got, want)
		}
	}
	shapes := map[string]any{
		"GeneratedScript": generatedScriptResponse{}, "StyleSettings": styleSettingsBody{}, "ModifiedScript": modifiedScriptResponse{},
		"SplitText": splitTextResponse{}, "Slide": slideResponse{}, "Segment": domain.Segment{}, "Pause": domain.Pause{},
		"Summary": summaryResponse{}, "User": userResponse{},
	}
	for name, v := range shapes {
		schema, found := doc.Components.Schemas[name]
		if !found {
			t.Errorf("schema %s is not documented", name)
		} else if got, want := schemaFields(schema), jsonFields(v); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: documented fields %v, Go type has %v", name, got, want)
		}
	}
}
