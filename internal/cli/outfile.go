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

// createOutput creates (or truncates) the file path for a flag's output, naming
// the flag when it cannot.
func createOutput(flag, path string) (*os.File, error) {
	if err := checkOutPath(flag, path); err != nil {
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
// existing target as it was.
type atomicFile struct {
	*os.File
	target string
}

// createBeside opens a temporary file in outPath's directory, or names the problem
// (with flag) when outPath cannot be written.
func createBeside(flag, outPath string) (*atomicFile, error) {
	if err := checkOutPath(flag, outPath); err != nil {
		return nil, err
	}
	dir := filepath.Dir(outPath)
	f, err := os.CreateTemp(dir, "."+filepath.Base(outPath)+".*.tmp")
	if err != nil {
		return nil, badInputf("%s %s: cannot write in %s: %v", flag, outPath, dir, pathReason(err))
	}
	return &atomicFile{File: f, target: outPath}, nil
}

// commit closes the file and renames it to its target.
func (f *atomicFile) commit() error {
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), f.target); err != nil {
		return fmt.Errorf("writing %s: %w", f.target, pathReason(err))
	}
	return nil
}

// discard removes the temporary file if commit did not rename it.
func (f *atomicFile) discard() {
	f.Close()
	os.Remove(f.Name())
}
