//go:build !linux

package subproc

import "os/exec"

// dieWithParent does nothing: only Linux kills a child when its parent dies.
func dieWithParent(*exec.Cmd) {}
