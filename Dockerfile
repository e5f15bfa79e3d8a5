# The slim production binary (no embedded Temporal or S3): `pagecast api`, `pagecast worker`, `pagecast migrate`.
FROM node:20-bookworm AS client
WORKDIR /src/client
COPY client/package.json client/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY client/ ./
RUN npm run build

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=client /src/client/dist ./client/dist
RUN CGO_ENABLED=0 go build -tags noembed -trimpath -ldflags '-s -w' -o /pagecast ./cmd/pagecast

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg espeak-ng fonts-dejavu-core fonts-droid-fallback fonts-nanum fonts-symbola fonts-noto-core ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /pagecast /usr/local/bin/pagecast
ENTRYPOINT ["pagecast"]
