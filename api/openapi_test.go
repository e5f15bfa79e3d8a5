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
	"pagecast/domain"
	"pagecast/providers/captcha"
	"pagecast/providers/tts"
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

// jsonFields lists the JSON names of a struct's fields, those of embedded structs
// among them.
func jsonFields(v any) []string {
	var out []string
	rt := reflect.TypeOf(v)
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if f.Anonymous && f.Tag.Get("json") == "" {
			out = append(out, jsonFields(reflect.Zero(f.Type).Interface())...)
			continue
		}
		out = append(out, strings.Split(f.Tag.Get("json"), ",")[0])
	}
	sort.Strings(out)
	return out
}

func schemaFields(s openAPISchema) []string {
	var out []string
	for p := range s.Properties {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// TestOpenAPIRequestBodies checks the documented JSON request fields against the Go
// types the handlers decode, and the documented multipart fields.
func TestOpenAPIRequestBodies(t *testing.T) {
	doc := loadOpenAPI(t)
	bodies := map[string]any{
		"post /pub/v1/user/register":                      registerRequest{},
		"post /pub/v1/user/login":                         loginRequest{},
		"put /api/v2/account/password":                    changePasswordRequest{},
		"post /api/v2/user/workspaces":                    workspaceRequest{},
		"put /api/v2/user/workspaces/{id}":                workspaceRequest{},
		"post /api/v2/legal/agreement/sign":               legalAgreementBody{},
		"post /api/v2/upload/url":                         uploadURLRequest{},
		"post /api/v2/upload/confirmUpload":               confirmUploadRequest{},
		"post /api/v2/asset/import":                       importAssetRequest{},
		"put /api/v2/asset/{id}":                          updateAssetRequest{},
		"post /api/v2/asset/bulkDelete":                   bulkDeleteRequest{},
		"put /api/v2/urlContent":                          urlContentRequest{},
		"post /api/v2/video":                              createVideoRequest{},
		"put /api/v2/video/{id}":                          updateVideoRequest{},
		"post /api/v2/scene/audio":                        sceneAudioRequest{},
		"post /api/v2/video/renderStatus":                 renderStatusRequest{},
		"post /api/v2/video/{id}/backgroundAudio":         addBackgroundAudioRequest{},
		"put /api/v2/video/{id}/backgroundAudio/{itemId}": backgroundAudioVolumeRequest{},
		"put /api/v2/video/{id}/backgroundAudio/order":    backgroundAudioOrderRequest{},
		"post /api/v2/video/{id}/inserts":                 insertRequest{},
		"put /api/v2/video/{id}/inserts/{insertId}":       insertRequest{},
		"post /api/v2/video/{id}/scenes":                  addSceneRequest{},
		"post /api/v2/video/{id}/scenes/{sceneId}/split":  splitSceneRequest{},
		"post /api/v2/scene/{sceneId}/layers":             addLayerRequest{},
		"put /api/v2/video/{id}/layers/swap":              swapLayersRequest{},
		"post /api/v2/layer/{layerId}/assets":             layerMediaRequest{},
		"put /api/v2/layer/{layerId}/asset":               layerMediaRequest{},
		"put /api/v2/layer/{layerId}/voice":               layerVoiceRequest{},
		"put /api/v2/layer/{layerId}/mute":                layerMuteRequest{},
		"put /api/v2/layer/{layerId}/transform":           layerTransformRequest{},
		"put /api/v2/video/{id}/voiceover/duration":       voiceoverDurationRequest{},
		"post /api/v2/video/{id}/automatch":               automatchRequest{},
		"post /api/v2/subtitles/styles/config":            subtitleStyleRequest{},
		"put /api/v2/subtitles/styles/config/{id}":        subtitleStyleRequest{},
	}
	multipart := map[string][]string{
		"post /api/v2/asset/upload": {"file"},
		"put /api/v2/voice/clone":   {"files", "name"},
	}
	body := func(key, contentType string) (openAPISchema, bool) {
		method, path, _ := strings.Cut(key, " ")
		op, found := doc.Paths[path][method]
		if !found || op.RequestBody == nil {
			return openAPISchema{}, false
		}
		return doc.resolve(op.RequestBody.Content[contentType].Schema), true
	}
	for key, v := range bodies {
		schema, found := body(key, "application/json")
		if !found {
			t.Errorf("%s: no request body documented", key)
		} else if got, want := schemaFields(schema), jsonFields(v); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: documented fields %v, Go type has %v", key, got, want)
		}
	}
	for key, want := range multipart {
		schema, found := body(key, "multipart/form-data")
		if !found {
			t.Errorf("%s: no multipart body documented", key)
		} else if got := schemaFields(schema); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: documented multipart fields %v, want %v", key, got, want)
		}
	}
}

// TestOpenAPIResponseSchemas checks documented response shapes against the Go types
// the handlers write.
func TestOpenAPIResponseSchemas(t *testing.T) {
	doc := loadOpenAPI(t)
	shapes := map[string]any{
		"Voice": voiceResponse{}, "VoiceTag": voiceTagResponse{}, "VoicePage": voicePageResponse{},
		"TagGroup": tagGroupResponse{}, "TagCategory": tagCategoryResponse{}, "Tag": tagResponse{},
		"UrlContent": urlContentResponse{}, "ContentBlock": contentBlock{},
		"Video": videoResponse{}, "VideoSummary": videoSummaryResponse{}, "Scene": sceneResponse{},
		"Layer": layerResponse{}, "SlideAsset": slideAsset{}, "Narration": narrationResponse{},
		"NarrationTiming": tts.PartTiming{},
		"RenderStarted":   renderResponse{}, "RenderStatus": renderStatusItem{}, "RenderDetails": renderDetails{},
		"Export": exportItem{}, "VideoLimits": limitsResponse{}, "Validation": domain.Validation{},
		"BackgroundAudioItem": backgroundAudioItem{}, "VideoInsert": insertResponse{}, "InsertType": insertTypeResponse{},
		"Subtitle": subtitleItem{}, "Subtitles": subtitlesResponse{},
		"SuggestedAsset": suggestedAsset{}, "PendingAsset": pendingAsset{}, "AvatarSuggestion": avatarSuggestion{},
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

type noWorkflows struct{}

func (noWorkflows) SendVerificationEmail(context.Context, int64) error     { return nil }
func (noWorkflows) CreateVideo(context.Context, int64, int64, bool) error  { return nil }
func (noWorkflows) GenerateSceneAudio(context.Context, int64, int64) error { return nil }
func (noWorkflows) AutomatchVideo(context.Context, int64, int64, int, bool) (string, error) {
	return "", nil
}
