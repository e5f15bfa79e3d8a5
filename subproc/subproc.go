// Package subproc runs the programs a worker starts (ffmpeg, ffprobe, espeak-ng) so
// that they end with it. exec.CommandContext kills a program when its context ends,
// which only a live process can do: a worker killed with SIGKILL (or by the kernel's
// OOM killer) left its ffmpeg running, encoding for nobody, for as long as its segment
// took, on the cores its replacement needed.
package subproc

import (
	"os/exec"
	"runtime"
)

// Run runs cmd as cmd.Run does, calling use (when not nil) after it starts and before
// it is waited for (to read its output as it comes). On Linux the kernel kills cmd
// with SIGKILL when this process dies (dieWithParent).
//
// The kernel sends that signal when the thread that started cmd ends, not the
// process, and Go ends a thread when a goroutine locked to it (runtime.LockOSThread)
// returns without unlocking it. So the calling goroutine stays locked to its thread
// from the start of cmd until cmd has been waited for: no other goroutine runs on the
// thread meanwhile (one that locked it and returned would end it and kill cmd), and it
// is unlocked, so kept, before Run returns. A thread that is not locked lives as long
// as the process.
func Run(cmd *exec.Cmd, use func()) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	if use != nil {
		use()
	}
	return cmd.Wait()
}
