# Pagecast: `make run` starts the product on this machine, `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := run

export CGO_ENABLED := 0
GO      ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
BIN     := bin/pagecast
CLIENT_SRC := $(shell find client/src client/public -type f 2>/dev/null) client/index.html client/vite.config.ts client/package.json client/tsconfig.json client/tsconfig.app.json client/tsconfig.node.json
GO_SRC  := $(shell find . -name '*.go' -not -path './client/node_modules/*' -not -path './e2e/node_modules/*') go.mod go.sum api/openapi.json $(wildcard migrations/*.sql)

.PHONY: run test build deps system-deps test-deps go-deps client lint fmt test-go test-fuzz test-client test-e2e test-cluster bench clean

## run: install what is missing, build, and start everything on this machine
run: system-deps build
	./$(BIN) run

## build: the web client and the pagecast binary
build: $(BIN)

$(BIN): $(GO_SRC) client/dist/index.html
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/pagecast

system-deps:
	@scripts/system-deps.sh

test-deps:
	@scripts/system-deps.sh test

go-deps:
	$(GO) mod download

client/node_modules/.package-lock.json: client/package-lock.json
	cd client && npm ci --no-audit --no-fund
	@touch $@

e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	@touch $@

client/dist/index.html: client/node_modules/.package-lock.json $(CLIENT_SRC)
	cd client && npm run build

client: client/dist/index.html

## test: vet, every Go test (SQLite and PostgreSQL), client unit tests, the browser suite, the cluster test
test: test-deps go-deps build
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed: make fmt"; exit 1; }
	$(GO) mod tidy -diff
	$(GO) vet ./...
	$(MAKE) --no-print-directory test-go
	$(MAKE) --no-print-directory test-fuzz
	$(MAKE) --no-print-directory test-client
	$(MAKE) --no-print-directory test-e2e
	$(MAKE) --no-print-directory test-cluster

test-go: client/dist/index.html
	PAGECAST_TEST_POSTGRES_DSN="$$(scripts/ensure-postgres.sh)" scripts/go-test.sh

## test-fuzz: each fuzz target briefly (FUZZTIME=1000000x make test-fuzz for longer). A count,
## not a duration: Go 1.26's fuzzer can fail a run with "context deadline exceeded" when a
## duration ends while a worker is busy (go.dev/issue/75804, fixed in Go 1.27).
FUZZTIME ?= 50000x
test-fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzSplitSentences$$' -fuzztime=$(FUZZTIME) ./domain/
	$(GO) test -run='^$$' -fuzz='^FuzzParsePauses$$' -fuzztime=$(FUZZTIME) ./domain/
	$(GO) test -run='^$$' -fuzz='^FuzzScriptExtractive$$' -fuzztime=$(FUZZTIME) ./domain/
	$(GO) test -run='^$$' -fuzz='^FuzzAlignSlidesToNarration$$' -fuzztime=$(FUZZTIME) ./domain/
	$(GO) test -run='^$$' -fuzz='^FuzzSlideKeywords$$' -fuzztime=$(FUZZTIME) ./domain/
	$(GO) test -run='^$$' -fuzz='^FuzzMatchMedia$$' -fuzztime=$(FUZZTIME) ./domain/
	$(GO) test -run='^$$' -fuzz='^FuzzTagline$$' -fuzztime=$(FUZZTIME) ./domain/
	$(GO) test -run='^$$' -fuzz='^FuzzBuildCues$$' -fuzztime=$(FUZZTIME) ./domain/
	$(GO) test -run='^$$' -fuzz='^FuzzReadTrack$$' -fuzztime=$(FUZZTIME) ./media/

test-client: client/node_modules/.package-lock.json
	cd client && npm test

test-e2e: $(BIN) e2e/node_modules/.package-lock.json
	cd e2e && PAGECAST_BIN=$(CURDIR)/$(BIN) npm test

## test-cluster: the docker-compose topology as processes on loopback
test-cluster: $(BIN)
	PAGECAST_TEST_POSTGRES_DSN="$$(scripts/ensure-postgres.sh)" PAGECAST_BIN=$(CURDIR)/$(BIN) \
		$(GO) test -count=1 -v -tags cluster -run TestCluster ./cmd/pagecast/

## bench: start-up time, validateSession load on SQLite and PostgreSQL, importing a 100 MB video,
##        creating a video from a 1,000-word article, espeak-ng narration speed, rendering
##        (the engine alone, then through the API and workflow), editor reads and edits on
##        PostgreSQL
bench: $(BIN)
	PAGECAST_TEST_POSTGRES_DSN="$$(scripts/ensure-postgres.sh)" PAGECAST_BIN=$(CURDIR)/$(BIN) bench/run.sh
	PAGECAST_BIN=$(CURDIR)/$(BIN) bench/import.sh
	PAGECAST_BIN=$(CURDIR)/$(BIN) bench/create.sh
	PAGECAST_BIN=$(CURDIR)/$(BIN) bench/render.sh
	PAGECAST_BIN=$(CURDIR)/$(BIN) bench/render-video.sh
	PAGECAST_TEST_POSTGRES_DSN="$$(scripts/ensure-postgres.sh)" PAGECAST_BIN=$(CURDIR)/$(BIN) bench/editor.sh
	$(GO) test -run '^$$' -bench NarrateEspeak -benchtime 3x ./providers/tts/

lint: client/node_modules/.package-lock.json
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed: make fmt"; exit 1; }
	$(GO) mod tidy -diff
	$(GO) vet ./...
	cd client && npm run typecheck

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin client/dist
