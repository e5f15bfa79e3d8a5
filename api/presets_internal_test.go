package api

import (
	"reflect"
	"testing"

	"pagecast/models"
)

func TestCheckPresetValue(t *testing.T) {
	for _, c := range []struct {
		dt    models.PresetDatatype
		value string
		ok    bool
	}{
		{models.DatatypeBool, "true", true},
		{models.DatatypeBool, "false", true},
		{models.DatatypeBool, "TRUE", false},
		{models.DatatypeBool, "1", false},
		{models.DatatypeBool, "", false},
		{models.DatatypeUint, "0", true},
		{models.DatatypeUint, "18446744073709551615", true},
		{models.DatatypeUint, "18446744073709551616", false},
		{models.DatatypeUint, "-1", false},
		{models.DatatypeUint, "+1", false},
		{models.DatatypeUint, "1e3", false},
		{models.DatatypeUint, "1_000", false},
		{models.DatatypeUint, "", false},
		{models.DatatypeInt, "-42", true},
		{models.DatatypeInt, "+42", true},
		{models.DatatypeInt, "4.2", false},
		{models.DatatypeInt, "9223372036854775808", false},
		{models.DatatypeFloat, "1.5", true},
		{models.DatatypeFloat, "-.5", true},
		{models.DatatypeFloat, "2e-3", true},
		{models.DatatypeFloat, "7", true},
		{models.DatatypeFloat, "1e999", false},
		{models.DatatypeFloat, "NaN", false},
		{models.DatatypeFloat, "Inf", false},
		{models.DatatypeFloat, "0x1p3", false},
		{models.DatatypeFloat, "1_0.5", false},
		{models.DatatypeFloat, " 1.5", false},
		{models.DatatypeFloat, ".", false},
		{models.DatatypeString, "", true},
		{models.DatatypeString, "16:9", true},
		{"number", "1", false},
	} {
		if got := checkPresetValue(c.dt, c.value) == ""; got != c.ok {
			t.Errorf("checkPresetValue(%s, %q) ok = %v, want %v", c.dt, c.value, got, c.ok)
		}
	}
}

func TestPublicPresetsAreValid(t *testing.T) {
	ps, err := PublicPresets()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 2 || ps[0].Name != "Article video (16:9)" || !ps[0].IsPublic || ps[0].SeedKey == nil {
		t.Fatalf("public presets = %+v", ps)
	}
	for _, p := range ps {
		if len(p.Settings) != len(publicPresetByName(p.Name).settings) {
			t.Fatalf("%s lost settings in validation: %v", p.Name, p.Settings)
		}
	}
}

func publicPresetByName(name string) publicPreset {
	for _, p := range publicPresets {
		if p.name == name {
			return p
		}
	}
	return publicPreset{}
}

// TestOpenAPIPresets checks the documented preset shapes against the Go types.
func TestOpenAPIPresets(t *testing.T) {
	doc := loadOpenAPI(t)
	shapes := map[string]any{
		"Preset": presetResponse{}, "PresetSetting": presetSettingJSON{}, "PresetPage": presetPageResponse{},
		"PresetMetadata": presetMetadataResponse{}, "CreatePresetRequest": createPresetRequest{},
		"PresetSettingRequest": presetSettingRequest{},
	}
	for name, v := range shapes {
		schema, found := doc.Components.Schemas[name]
		if !found {
			t.Errorf("schema %s is not documented", name)
		} else if got, want := schemaFields(schema), jsonFields(v); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: documented fields %v, Go type has %v", name, got, want)
		}
	}
	op, found := doc.Paths["/api/v2/presets/createvideo"]["post"]
	if !found || op.RequestBody == nil {
		t.Fatal("POST /api/v2/presets/createvideo has no request body documented")
	}
	body := doc.resolve(op.RequestBody.Content["application/json"].Schema)
	if got, want := schemaFields(body), jsonFields(createPresetRequest{}); !reflect.DeepEqual(got, want) {
		t.Errorf("create preset body: documented fields %v, Go type has %v", got, want)
	}
}
