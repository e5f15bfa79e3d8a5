package domain

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// NarrationHash identifies a slide's narration by what it is made from: the voice and
// the text. Equal hashes mean stored narration is current; the hash also names the
// narration's object, so it is short (16 bytes of SHA-256, hex).
func NarrationHash(voiceID int64, text string) string {
	h := sha256.New()
	h.Write([]byte(strconv.FormatInt(voiceID, 10)))
	h.Write([]byte{0})
	h.Write([]byte(text))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// SilentSlideMs is how long a slide without narration lasts (a slide with no text).
const SilentSlideMs = 3000
