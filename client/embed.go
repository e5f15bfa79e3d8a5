// Package client embeds the built web app (client/dist, made by `npm run build`) so
// the pagecast binary serves it.
package client

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built app with index.html at its root.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the pattern above guarantees the directory
	}
	return sub
}
