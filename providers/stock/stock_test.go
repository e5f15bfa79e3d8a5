package stock

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// The answers below are the documented examples of each API, trimmed.

const pexelsPhotosJSON = `{"total_results":10000,"page":1,"per_page":2,"photos":[
 {"id":3573351,"width":3066,"height":3968,"url":"https://www.pexels.com/photo/trees-during-day-3573351/",
  "photographer":"Lukas Rodriguez","photographer_url":"https://www.pexels.com/@lukas-rodriguez-1845331","photographer_id":1845331,
  "avg_color":"#374824","src":{"original":"https://images.pexels.com/photos/3573351/pexels-photo-3573351.png",
  "large2x":"https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940",
  "large":"https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&h=650&w=940",
  "medium":"https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&h=350",
  "small":"https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&h=130",
  "portrait":"https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800",
  "landscape":"https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200",
  "tiny":"https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280"},
  "liked":false,"alt":"Brown Rocks During Golden Hour"},
 {"id":15286,"width":2500,"height":1667,"url":"https://www.pexels.com/photo/person-walking-between-green-forest-trees-15286/",
  "photographer":"Luis del Río","photographer_url":"https://www.pexels.com/@luisdelrio","photographer_id":1081,"avg_color":"#283419",
  "src":{"original":"https://images.pexels.com/photos/15286/pexels-photo.jpg",
  "large2x":"https://images.pexels.com/photos/15286/pexels-photo.jpg?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940",
  "medium":"https://images.pexels.com/photos/15286/pexels-photo.jpg?auto=compress&cs=tinysrgb&h=350"},
  "liked":false,"alt":""}],
 "next_page":"https://api.pexels.com/v1/search/?page=2&per_page=2&query=nature"}`

const pexelsVideosJSON = `{"page":1,"per_page":1,"total_results":20475,"url":"https://www.pexels.com/videos/","videos":[
 {"id":1448735,"width":4096,"height":2160,"url":"https://www.pexels.com/video/video-of-forest-1448735/",
  "image":"https://images.pexels.com/videos/1448735/free-video-1448735.jpg?fit=crop&w=1200&h=630&auto=small",
  "duration":32,"user":{"id":574687,"name":"Ruvim Miksanskiy","url":"https://www.pexels.com/@digitech"},
  "video_files":[
   {"id":58649,"quality":"sd","file_type":"video/mp4","width":640,"height":338,"link":"https://player.vimeo.com/external/291648067.sd.mp4?s=7f9e&profile_id=164"},
   {"id":58650,"quality":"hd","file_type":"video/mp4","width":2048,"height":1080,"link":"https://player.vimeo.com/external/291648067.hd.mp4?s=94998&profile_id=175"},
   {"id":58651,"quality":"hd","file_type":"video/mp4","width":4096,"height":2160,"link":"https://player.vimeo.com/external/291648067.hd.mp4?s=5e5f&profile_id=172"},
   {"id":58652,"quality":"hd","file_type":"video/mp4","width":1366,"height":720,"link":"https://player.vimeo.com/external/291648067.hd.mp4?s=c6f1&profile_id=174"},
   {"id":58655,"quality":"hls","file_type":"video/mp4","width":null,"height":null,"link":"https://player.vimeo.com/external/291648067.m3u8?s=1d8b"}],
  "video_pictures":[{"id":133236,"picture":"https://static-videos.pexels.com/videos/1448735/pictures/preview-0.jpg","nr":0}]}]}`

const pixabayImagesJSON = `{"total":4692,"totalHits":500,"hits":[
 {"id":195893,"pageURL":"https://pixabay.com/en/blossom-bloom-flower-195893/","type":"photo","tags":"blossom, bloom, flower",
  "previewURL":"https://cdn.pixabay.com/photo/2013/10/15/09/12/flower-195893_150.jpg","previewWidth":150,"previewHeight":84,
  "webformatURL":"https://pixabay.com/get/35bbf209e13e39d2_640.jpg","webformatWidth":640,"webformatHeight":360,
  "largeImageURL":"https://pixabay.com/get/ed6a99fd0a76647_1280.jpg","imageWidth":4000,"imageHeight":2250,"imageSize":4731420,
  "views":7671,"downloads":6439,"likes":5,"comments":2,"user_id":48777,"user":"Josch13",
  "userImageURL":"https://cdn.pixabay.com/user/2013/11/05/02-10-23-764_250x250.jpg"}]}`

const pixabayVideosJSON = `{"total":4337,"totalHits":500,"hits":[
 {"id":125,"pageURL":"https://pixabay.com/videos/id-125/","type":"film","tags":"flowers, yellow, blossom","duration":12,
  "videos":{
   "large":{"url":"https://cdn.pixabay.com/video/2015/08/08/125-135736646_large.mp4","width":3840,"height":2160,"size":26615235,"thumbnail":"https://cdn.pixabay.com/video/2015/08/08/125-135736646_large.jpg"},
   "medium":{"url":"https://cdn.pixabay.com/video/2015/08/08/125-135736646_medium.mp4","width":1920,"height":1080,"size":6615235,"thumbnail":"https://cdn.pixabay.com/video/2015/08/08/125-135736646_medium.jpg"},
   "small":{"url":"https://cdn.pixabay.com/video/2015/08/08/125-135736646_small.mp4","width":1280,"height":720,"size":3562083,"thumbnail":"https://cdn.pixabay.com/video/2015/08/08/125-135736646_small.jpg"},
   "tiny":{"url":"https://cdn.pixabay.com/video/2015/08/08/125-135736646_tiny.mp4","width":960,"height":540,"size":1030736,"thumbnail":"https://cdn.pixabay.com/video/2015/08/08/125-135736646_tiny.jpg"}},
  "views":4462,"downloads":1464,"likes":18,"comments":0,"user_id":1281706,"user":"Coverr-Free-Footage","userImageURL":""},
 {"id":126,"pageURL":"https://pixabay.com/videos/id-126/","type":"film","tags":"tall, waterfall","duration":8,
  "videos":{"large":{"url":"","width":0,"height":0,"size":0,"thumbnail":""},
   "medium":{"url":"https://cdn.pixabay.com/video/126_medium.mp4","width":1080,"height":1920,"size":1,"thumbnail":"https://cdn.pixabay.com/video/126_medium.jpg"}},
  "user":"Someone"}]}`

// recorded is the last request a fake API saw.
type recorded struct {
	path  string
	query map[string]string
	auth  string
}

func fakeAPI(t *testing.T, routes map[string]string) (*httptest.Server, *recorded) {
	t.Helper()
	rec := &recorded{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.path, rec.auth, rec.query = r.URL.Path, r.Header.Get("Authorization"), map[string]string{}
		for k, v := range r.URL.Query() {
			rec.query[k] = v[0]
		}
		body, ok := routes[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv, rec
}

func TestPexels(t *testing.T) {
	srv, rec := fakeAPI(t, map[string]string{"/v1/search": pexelsPhotosJSON, "/videos/search": pexelsVideosJSON})
	p, err := NewPexels(PexelsConfig{APIKey: "px-key", BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	items, err := p.Search(t.Context(), Query{Text: "  forest   trees ", Kind: KindImage, PerPage: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rec.path != "/v1/search" || rec.auth != "px-key" || rec.query["query"] != "forest trees" || rec.query["per_page"] != "2" || rec.query["orientation"] != "" {
		t.Fatalf("request = %+v", rec)
	}
	want := []Item{
		{Provider: "pexels", ID: "3573351", Kind: KindImage,
			URL:        "https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940",
			PreviewURL: "https://images.pexels.com/photos/3573351/pexels-photo-3573351.png?auto=compress&cs=tinysrgb&h=350",
			PageURL:    "https://www.pexels.com/photo/trees-during-day-3573351/", Width: 3066, Height: 3968,
			Text: "Brown Rocks During Golden Hour", Attribution: "Photo by Lukas Rodriguez on Pexels"},
		{Provider: "pexels", ID: "15286", Kind: KindImage,
			URL:        "https://images.pexels.com/photos/15286/pexels-photo.jpg?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940",
			PreviewURL: "https://images.pexels.com/photos/15286/pexels-photo.jpg?auto=compress&cs=tinysrgb&h=350",
			PageURL:    "https://www.pexels.com/photo/person-walking-between-green-forest-trees-15286/", Width: 2500, Height: 1667,
			Text: "person walking between green forest trees", Attribution: "Photo by Luis del Río on Pexels"},
	}
	if !reflect.DeepEqual(items, want) {
		t.Fatalf("photos =\n%+v\nwant\n%+v", items, want)
	}
	if items[0].Key() != "pexels:image:3573351" {
		t.Errorf("key = %q", items[0].Key())
	}

	// Orientation goes to the API and is checked on the answer too.
	items, err = p.Search(t.Context(), Query{Text: "forest", Kind: KindImage, Orientation: Landscape})
	if err != nil || rec.query["orientation"] != "landscape" || rec.query["per_page"] != "15" || len(items) != 1 || items[0].ID != "15286" {
		t.Fatalf("landscape photos = %+v, %v (request %+v)", items, err, rec)
	}

	items, err = p.Search(t.Context(), Query{Text: "forest", Kind: KindVideo, PerPage: 200})
	if err != nil {
		t.Fatal(err)
	}
	if rec.path != "/videos/search" || rec.auth != "px-key" || rec.query["per_page"] != "80" {
		t.Fatalf("request = %+v", rec)
	}
	wantVideo := Item{Provider: "pexels", ID: "1448735", Kind: KindVideo,
		URL:        "https://player.vimeo.com/external/291648067.hd.mp4?s=c6f1&profile_id=174",
		PreviewURL: "https://images.pexels.com/videos/1448735/free-video-1448735.jpg?fit=crop&w=1200&h=630&auto=small",
		PageURL:    "https://www.pexels.com/video/video-of-forest-1448735/", Width: 4096, Height: 2160, DurationSec: 32,
		Text: "video of forest", Attribution: "Video by Ruvim Miksanskiy on Pexels"}
	if len(items) != 1 || !reflect.DeepEqual(items[0], wantVideo) {
		t.Fatalf("videos = %+v", items)
	}
}

func TestPixabay(t *testing.T) {
	srv, rec := fakeAPI(t, map[string]string{"/api/": pixabayImagesJSON, "/api/videos/": pixabayVideosJSON})
	p, err := NewPixabay(PixabayConfig{APIKey: "pb-key", BaseURL: srv.URL + "/api"})
	if err != nil {
		t.Fatal(err)
	}
	items, err := p.Search(t.Context(), Query{Text: "yellow flowers", Kind: KindImage, Orientation: Landscape, PerPage: 1})
	if err != nil {
		t.Fatal(err)
	}
	wantQuery := map[string]string{"key": "pb-key", "q": "yellow flowers", "image_type": "photo", "orientation": "horizontal",
		"per_page": "3", "page": "1", "safesearch": "true"}
	if rec.path != "/api/" || !reflect.DeepEqual(rec.query, wantQuery) || rec.auth != "" {
		t.Fatalf("request = %+v", rec)
	}
	want := []Item{{Provider: "pixabay", ID: "195893", Kind: KindImage, URL: "https://pixabay.com/get/ed6a99fd0a76647_1280.jpg",
		PreviewURL: "https://pixabay.com/get/35bbf209e13e39d2_640.jpg", PageURL: "https://pixabay.com/en/blossom-bloom-flower-195893/",
		Width: 4000, Height: 2250, Text: "blossom, bloom, flower", Attribution: "Image by Josch13 from Pixabay"}}
	if !reflect.DeepEqual(items, want) {
		t.Fatalf("images =\n%+v\nwant\n%+v", items, want)
	}

	items, err = p.Search(t.Context(), Query{Text: "flowers", Kind: KindVideo})
	if err != nil {
		t.Fatal(err)
	}
	if rec.path != "/api/videos/" || rec.query["orientation"] != "" || rec.query["image_type"] != "" {
		t.Fatalf("request = %+v", rec)
	}
	if len(items) != 2 {
		t.Fatalf("videos = %+v", items)
	}
	wantVideo := Item{Provider: "pixabay", ID: "125", Kind: KindVideo, URL: "https://cdn.pixabay.com/video/2015/08/08/125-135736646_medium.mp4",
		PreviewURL: "https://cdn.pixabay.com/video/2015/08/08/125-135736646_medium.jpg", PageURL: "https://pixabay.com/videos/id-125/",
		Width: 1920, Height: 1080, DurationSec: 12, Text: "flowers, yellow, blossom", Attribution: "Video by Coverr-Free-Footage from Pixabay"}
	if !reflect.DeepEqual(items[0], wantVideo) {
		t.Fatalf("video =\n%+v\nwant\n%+v", items[0], wantVideo)
	}
	// Pixabay cannot filter videos by orientation: the adapter does.
	items, err = p.Search(t.Context(), Query{Text: "waterfall", Kind: KindVideo, Orientation: Portrait})
	if err != nil || len(items) != 1 || items[0].ID != "126" || items[0].URL != "https://cdn.pixabay.com/video/126_medium.mp4" {
		t.Fatalf("portrait videos = %+v, %v", items, err)
	}
}

func TestSearchErrors(t *testing.T) {
	statuses := map[string]int{"/unauthorized": 401, "/bad": 400, "/throttled": 429, "/down": 503}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for prefix, code := range statuses {
			if strings.HasPrefix(r.URL.Path, prefix) {
				http.Error(w, "[ERROR "+http.StatusText(code)+"]", code)
				return
			}
		}
		_, _ = w.Write([]byte("not json"))
	}))
	defer srv.Close()
	for _, tc := range []struct {
		base string
		want error
	}{
		{"/unauthorized", ErrRejected}, {"/bad", ErrRejected}, {"/throttled", ErrUnavailable}, {"/down", ErrUnavailable},
		{"/garbage", ErrUnavailable},
	} {
		px, _ := NewPexels(PexelsConfig{APIKey: "k", BaseURL: srv.URL + tc.base})
		pb, _ := NewPixabay(PixabayConfig{APIKey: "secret-key", BaseURL: srv.URL + tc.base})
		for _, s := range []Searcher{px, pb} {
			_, err := s.Search(t.Context(), Query{Text: "x", Kind: KindImage})
			if !errors.Is(err, tc.want) {
				t.Errorf("%s %s: err = %v, want %v", s.Name(), tc.base, err, tc.want)
			}
		}
	}
	// Network failures are retryable, and Pixabay's key (in the query string) stays
	// out of the message.
	pb, _ := NewPixabay(PixabayConfig{APIKey: "secret-key", BaseURL: "http://127.0.0.1:1/api"})
	_, err := pb.Search(t.Context(), Query{Text: "x", Kind: KindVideo})
	if !errors.Is(err, ErrUnavailable) || strings.Contains(err.Error(), "secret-key") {
		t.Fatalf("err = %v", err)
	}
	// Bad queries are refused before anything is sent; an empty one finds nothing.
	if _, err := pb.Search(t.Context(), Query{Text: "x", Kind: "audio"}); !errors.Is(err, ErrRejected) {
		t.Errorf("kind audio: %v", err)
	}
	if items, err := pb.Search(t.Context(), Query{Text: "   ", Kind: KindImage}); err != nil || items != nil {
		t.Errorf("empty query: %v %v", items, err)
	}
}

func TestNewNeedsKeyAndBaseURL(t *testing.T) {
	if _, err := NewPexels(PexelsConfig{}); err == nil {
		t.Error("pexels without a key")
	}
	if _, err := NewPixabay(PixabayConfig{APIKey: "k", BaseURL: "ftp://x"}); err == nil {
		t.Error("pixabay with an ftp base URL")
	}
	p, err := NewPexels(PexelsConfig{APIKey: "k"})
	if err != nil || p.c.base.String() != "https://api.pexels.com" {
		t.Errorf("default base = %v %v", p, err)
	}
	q, err := NewPixabay(PixabayConfig{APIKey: "k"})
	if err != nil || q.c.base.String() != "https://pixabay.com/api" {
		t.Errorf("default base = %v %v", q, err)
	}
}

// fixed is a Searcher with canned answers.
type fixed struct {
	name  string
	items []Item
	err   error
}

func (f fixed) Name() string { return f.name }
func (f fixed) Search(context.Context, Query) ([]Item, error) {
	return f.items, f.err
}

func TestSources(t *testing.T) {
	var none *Sources
	if none.Configured() || NewSources().Configured() || NewSources(nil).Configured() {
		t.Fatal("no providers is not configured")
	}
	if items, err := NewSources().Search(t.Context(), Query{Text: "x", Kind: KindImage}); items != nil || err != nil {
		t.Fatalf("empty sources = %v %v", items, err)
	}
	a := fixed{name: "a", items: []Item{{ID: "a1"}, {ID: "a2"}, {ID: "a3"}}}
	b := fixed{name: "b", items: []Item{{ID: "b1"}}}
	broken := fixed{name: "broken", err: ErrUnavailable}
	s := NewSources(a, broken, b)
	if !reflect.DeepEqual(s.Names(), []string{"a", "broken", "b"}) {
		t.Fatalf("names = %v", s.Names())
	}
	items, err := s.Search(t.Context(), Query{Text: "x", Kind: KindImage, PerPage: 3})
	var ids []string
	for _, it := range items {
		ids = append(ids, it.ID)
	}
	if err != nil || !reflect.DeepEqual(ids, []string{"a1", "b1", "a2"}) {
		t.Fatalf("interleaved = %v, %v", ids, err)
	}
	if _, err := NewSources(broken).Search(t.Context(), Query{Text: "x", Kind: KindImage}); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("all failed: %v", err)
	}
}
