package media

import (
	"bufio"
	"io"
	"os"
)

// animatedGIF reports whether the file at path is a GIF of more than one frame. It
// walks the GIF's blocks without decoding any picture, so a large animation costs a
// read of its bytes, not its frames' memory. Anything unreadable is not animated (it
// is then drawn as a still, as before).
func animatedGIF(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	r := bufio.NewReader(f)
	head := make([]byte, 13) // signature, version, logical screen descriptor
	if _, err := io.ReadFull(r, head); err != nil || string(head[:3]) != "GIF" {
		return false
	}
	if head[10]&0x80 != 0 { // a global colour table follows
		if _, err := r.Discard(3 << (head[10]&7 + 1)); err != nil {
			return false
		}
	}
	frames := 0
	for {
		b, err := r.ReadByte()
		if err != nil {
			return false
		}
		switch b {
		case 0x21: // an extension: its label, then sub-blocks
			if _, err := r.ReadByte(); err != nil || !skipSubBlocks(r) {
				return false
			}
		case 0x2C: // an image: its descriptor, local colour table, LZW code size, data
			if frames++; frames > 1 {
				return true
			}
			desc := make([]byte, 9)
			if _, err := io.ReadFull(r, desc); err != nil {
				return false
			}
			if desc[8]&0x80 != 0 {
				if _, err := r.Discard(3 << (desc[8]&7 + 1)); err != nil {
					return false
				}
			}
			if _, err := r.ReadByte(); err != nil || !skipSubBlocks(r) {
				return false
			}
		default: // the trailer (0x3B), or a broken file
			return false
		}
	}
}

// skipSubBlocks reads past a GIF's data sub-blocks, up to and with their terminator.
func skipSubBlocks(r *bufio.Reader) bool {
	for {
		n, err := r.ReadByte()
		if err != nil {
			return false
		}
		if n == 0 {
			return true
		}
		if _, err := r.Discard(int(n)); err != nil {
			return false
		}
	}
}
