package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// isolate sets cmd to start in new user and mount namespaces: in mode "user"
// as an ordinary user (uid and gid 1000 inside, the caller's outside), which
// holds no capabilities once it runs the test binary; in mode "volume" as root
// inside, which may mount a tmpfs that nobody outside sees.
func isolate(cmd *exec.Cmd, mode string) error {
	inside := 1000
	if mode == "volume" {
		inside = 0
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:                 syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS,
		UidMappings:                []syscall.SysProcIDMap{{ContainerID: inside, HostID: os.Getuid(), Size: 1}},
		GidMappings:                []syscall.SysProcIDMap{{ContainerID: inside, HostID: os.Getgid(), Size: 1}},
		GidMappingsEnableSetgroups: false,
	}
	return nil
}

// startFailed reports whether err is the child failing to start, rather than
// the test failing in it.
func startFailed(err error) bool {
	var ee *exec.ExitError
	return !errors.As(err, &ee)
}

// mountTmpfs mounts a tmpfs of size bytes at dir, first making every mount of
// this namespace private so that nothing propagates out of it.
func mountTmpfs(dir string, size int) error {
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making mounts private: %w", err)
	}
	return syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d", size))
}

func unmount(dir string) { syscall.Unmount(dir, syscall.MNT_DETACH) }
