package api

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"pagecast/config"
	"pagecast/providers/captcha"
	"pagecast/store"
)

type openAPISchema struct {
	Ref        string                   `json:"$ref"`
	Properties map[string]openAPISchema `json:"properties"`
	Items      *openAPISchema           `json:"items"`
}

type openAPIOperation struct {
	RequestBody *struct {
		Content map[string]struct {
			Schema openAPISchema `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

type openAPIDocument struct {
	Paths      map[string]map[string]openAPIOperation `json:"paths"`
	Components struct {
		Schemas map[string]openAPISchema `json:"schemas"`
	} `json:"components"`
}

func loadOpenAPI(t *testing.T) openAPIDocument {
	t.Helper()
	var doc openAPIDocument
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	return doc
}

func (d openAPIDocument) resolve(s openAPISchema) openAPISchema {
	if s.Ref != "" {
		return d.Components.Schemas[strings.TrimPrefix(s.Ref, "#/components/schemas/")]
	}
	return s
}

var ginParam = regexp.MustCompile(`:([A-Za-z]+)`)

// TestOpenAPIMatchesRoutes keeps openapi.json true: every route is documented, every
// documented operation exists.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	doc := loadOpenAPI(t)
	st, err := store.Open(t.Context(), store.Options{Driver: "sqlite", DSN: filepath.Join(t.TempDir(), "x.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s, err := New(Deps{Config: config.Config{}, Store: st, Workflows: noWorkflows{}, Captcha: captcha.Off{},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	routes := map[string]bool{}
	for _, r := range s.Routes() {
		routes[strings.ToLower(r.Method)+" "+ginParam.ReplaceAllString(r.Path, "{$1}")] = true
	}
	documented := map[string]bool{}
	for p, ops := range doc.Paths {
		for m := range ops {
			documented[m+" "+p] = true
		}
	}
	var missing, stale []string
	for r := range routes {
		if !documented[r] {
			missing = append(missing, r)
		}
	}
	for d := range documented {
		if !routes[d] {
			stale = append(stale, d)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	if len(missing) > 0 || len(stale) > 0 {
		t.Fatalf("openapi.json out of date:\n undocumented routes: %v\n documented but not routed: %v", missing, stale)
	}
}

// TestOpenAPIRequestBodies checks the documented request fields against the Go types
// the handlers decode.
func TestOpenAPIRequestBodies(t *testing.T) {
	doc := loadOpenAPI(t)
	bodies := map[string]any{
		"post /pub/v1/user/register":        registerRequest{},
		"post /pub/v1/user/login":           loginRequest{},
		"put /api/v2/account/password":      changePasswordRequest{},
		"post /api/v2/user/workspaces":      workspaceRequest{},
		"put /api/v2/user/workspaces/{id}":  workspaceRequest{},
		"post /api/v2/legal/agreement/sign": legalAgreementBody{},
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
}

type noWorkflows struct{}

func (noWorkflows) SendVerificationEmail(context.Context, int64) error { return nil }
