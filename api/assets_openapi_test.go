package api

import (
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestOpenAPIAssetRequestBodies checks the media library's documented request fields
// against the Go types the handlers decode (TestOpenAPIRequestBodies does the same
// for the account calls).
func TestOpenAPIAssetRequestBodies(t *testing.T) {
	doc := loadOpenAPI(t)
	bodies := map[string]any{
		"post /api/v2/upload/url":           uploadURLRequest{},
		"post /api/v2/upload/confirmUpload": confirmUploadRequest{},
		"post /api/v2/asset/import":         importAssetRequest{},
		"put /api/v2/asset/{id}":            updateAssetRequest{},
		"post /api/v2/asset/bulkDelete":     bulkDeleteRequest{},
	}
	for key, body := range bodies {
		method, path, _ := strings.Cut(key, " ")
		op, found := doc.Paths[path][method]
		if !found || op.RequestBody == nil {
			t.Errorf("%s: no request body documented", key)
			continue
		}
		schema := doc.resolve(op.RequestBody.Content["application/json"].Schema)
		var want, got []string
		rt := reflect.TypeOf(body)
		for i := 0; i < rt.NumField(); i++ {
			want = append(want, strings.Split(rt.Field(i).Tag.Get("json"), ",")[0])
		}
		for p := range schema.Properties {
			got = append(got, p)
		}
		sort.Strings(want)
		sort.Strings(got)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%s: documented fields %v, Go type has %v", key, got, want)
		}
	}
	op := doc.Paths["/api/v2/asset/upload"]["post"]
	if op.RequestBody == nil {
		t.Fatal("post /api/v2/asset/upload: no request body documented")
	}
	if _, ok := doc.resolve(op.RequestBody.Content["multipart/form-data"].Schema).Properties["file"]; !ok {
		t.Error("post /api/v2/asset/upload: multipart field file is not documented")
	}
}
