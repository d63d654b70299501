package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// checkOutPath refuses an output path that cannot be a file to write: a directory,
// or a file in a directory that does not exist. flag names the flag in the error.
func checkOutPath(flag, path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return badInputf("%s %s: is a directory; name a file to write", flag, path)
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return badInputf("%s %s: the directory %s does not exist", flag, path, dir)
	}
	return nil
}

// checkWritable refuses, before any work, an output path that cannot be written:
// checkOutPath's cases, a directory where no file can be made, and an existing
// regular file that does not open for writing or refuses a write (/proc/version
// opens, even for root, and then fails every write). It leaves no file behind:
// an existing file is opened without truncating and written zero bytes, a new
// one is tried as a temporary file that is removed at once. Devices and pipes
// (/dev/null, /dev/stdout) are taken as they are.
func checkWritable(flag, path string) error {
	if err := checkOutPath(flag, path); err != nil {
		return err
	}
	st, err := os.Stat(path)
	switch {
	case err == nil && !st.Mode().IsRegular():
		return nil
	case err == nil:
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err == nil {
			_, err = f.Write(nil)
			f.Close()
		}
		if err != nil {
			return badInputf("%s %s: cannot write it: %v", flag, path, pathReason(err))
		}
		return nil
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return badInputf("%s %s: cannot write in %s: %v", flag, path, dir, pathReason(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// checkWritableDir refuses a directory, named by flag, in which no file can be
// made; it leaves nothing behind.
func checkWritableDir(flag, dir string) error {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return badInputf("%s %s: not a directory", flag, dir)
	}
	f, err := os.CreateTemp(dir, ".gridgames-*.tmp")
	if err != nil {
		return badInputf("%s %s: cannot write in it: %v", flag, dir, pathReason(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// createOutput creates (or truncates) the file path for a flag's output, naming
// the flag when it cannot (see checkWritable).
func createOutput(flag, path string) (*os.File, error) {
	if err := checkWritable(flag, path); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, badInputf("%s %s: %v", flag, path, pathReason(err))
	}
	return f, nil
}

// openInput opens a file named by a flag, naming the flag when it cannot.
func openInput(flag, path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, badInputf("%s %s: %v", flag, path, pathReason(err))
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, badInputf("%s %s: is a directory, not a file", flag, path)
	}
	return f, nil
}

// pathReason is what went wrong with a path ("no such file or directory"), without
// the operation and path that the message names already.
func pathReason(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// atomicFile is an output file written beside its target and renamed over it at
// the end: a bad path fails before any work, and an interrupted run leaves an
// existing target as it was. A target that is a device or a pipe (/dev/null) is
// written directly instead: renaming over it would replace it.
type atomicFile struct {
	*os.File
	target string
	direct bool // the file is the target itself
}

// createBeside opens a temporary file beside outPath (beside the file a symbolic
// link names, so the link stays), or names the problem (with flag) when outPath
// cannot be written (see checkWritable).
func createBeside(flag, outPath string) (*atomicFile, error) {
	if err := checkWritable(flag, outPath); err != nil {
		return nil, err
	}
	target := outPath
	if real, err := filepath.EvalSymlinks(outPath); err == nil {
		target = real
	}
	if st, err := os.Stat(target); err == nil && !st.Mode().IsRegular() {
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return nil, badInputf("%s %s: %v", flag, outPath, pathReason(err))
		}
		return &atomicFile{File: f, target: target, direct: true}, nil
	}
	dir := filepath.Dir(target)
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return nil, badInputf("%s %s: cannot write in %s: %v", flag, outPath, dir, pathReason(err))
	}
	return &atomicFile{File: f, target: target}, nil
}

// commit closes the file and renames it to its target.
func (f *atomicFile) commit() error {
	if err := f.Close(); err != nil {
		return err
	}
	if f.direct {
		return nil
	}
	if err := os.Rename(f.Name(), f.target); err != nil {
		return fmt.Errorf("writing %s: %w", f.target, pathReason(err))
	}
	return nil
}

// discard removes the temporary file if commit did not rename it.
func (f *atomicFile) discard() {
	f.Close()
	if !f.direct {
		os.Remove(f.Name())
	}
}
