package subproc

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill cmd with SIGKILL when the thread that starts it
// ends (Run keeps that thread until cmd has ended, so: when this process dies). Go
// checks, after setting it, that this process did not die before.
func dieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
